-- My Page (issue 8): the profile PIN, consents with their history, withdrawals without the member.
CREATE TABLE "account_consents" (
	"store_id" text NOT NULL,
	"account_id" uuid NOT NULL,
	"consent_option_id" text NOT NULL,
	"value" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_consents_pk" PRIMARY KEY("store_id","account_id","consent_option_id")
);
--> statement-breakpoint
CREATE TABLE "account_withdrawals" (
	"store_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"withdrawn_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "account_withdrawals_pk" PRIMARY KEY("store_id","id")
);
--> statement-breakpoint
CREATE TABLE "consent_changes" (
	"store_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"consent_option_id" text NOT NULL,
	"value" boolean NOT NULL,
	"policy_revision" integer,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consent_changes_pk" PRIMARY KEY("store_id","id")
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "pin_code_hash" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "pin_code_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account_consents" ADD CONSTRAINT "account_consents_account_fk" FOREIGN KEY ("store_id","account_id") REFERENCES "public"."accounts"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_changes" ADD CONSTRAINT "consent_changes_account_fk" FOREIGN KEY ("store_id","account_id") REFERENCES "public"."accounts"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_changes_account" ON "consent_changes" USING btree ("store_id","account_id","changed_at");--> statement-breakpoint
-- Store data: forced row-level security and the three roles' grants, as every store table
-- (decision 0008).
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['account_consents', 'consent_changes', 'account_withdrawals'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format($p$CREATE POLICY store_isolation ON %I
      USING (store_id = current_setting('app.store_id', true))
      WITH CHECK (store_id = current_setting('app.store_id', true))$p$, t);
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO store_app, store_worker, store_admin', t);
  END LOOP;
END $$;
