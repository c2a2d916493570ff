-- Purchases (issue 9, decision 0017): purchase tokens, orders, contracts, entitlements, free trials.
CREATE TABLE "contracts" (
	"store_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"plan_id" text NOT NULL,
	"order_id" uuid NOT NULL,
	"status" text NOT NULL,
	"price" integer NOT NULL,
	"campaign_id" text,
	"campaign_price" integer,
	"campaign_payments_left" integer,
	"payment_method" text NOT NULL,
	"next_settlement_day" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "contracts_pk" PRIMARY KEY("store_id","id")
);
--> statement-breakpoint
CREATE TABLE "entitlements" (
	"store_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"plan_id" text NOT NULL,
	"order_id" uuid NOT NULL,
	"contract_id" uuid,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "entitlements_pk" PRIMARY KEY("store_id","id")
);
--> statement-breakpoint
CREATE TABLE "free_trial_usages" (
	"store_id" text NOT NULL,
	"account_id" uuid NOT NULL,
	"plan_id" text NOT NULL,
	"order_id" uuid NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "free_trial_usages_pk" PRIMARY KEY("store_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"store_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"token_id" uuid NOT NULL,
	"plan_id" text NOT NULL,
	"plan_type" text NOT NULL,
	"payment_method" text NOT NULL,
	"campaign_id" text,
	"charge_amount" integer NOT NULL,
	"billing_amount" integer NOT NULL,
	"status" text NOT NULL,
	"authorization_ref" text,
	"charge_ref" text,
	"redirect_ref" text,
	"failure_code" text,
	"computation" jsonb NOT NULL,
	"survey_answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "orders_pk" PRIMARY KEY("store_id","id")
);
--> statement-breakpoint
CREATE TABLE "purchase_tokens" (
	"store_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"account_id" uuid NOT NULL,
	"plan_id" text NOT NULL,
	"payment_method" text NOT NULL,
	"campaign_id" text,
	"charge_now" integer NOT NULL,
	"billing_amount" integer NOT NULL,
	"computation" jsonb NOT NULL,
	"survey_answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "purchase_tokens_pk" PRIMARY KEY("store_id","id")
);
--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_account_fk" FOREIGN KEY ("store_id","account_id") REFERENCES "public"."accounts"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entitlements" ADD CONSTRAINT "entitlements_account_fk" FOREIGN KEY ("store_id","account_id") REFERENCES "public"."accounts"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "free_trial_usages" ADD CONSTRAINT "free_trial_usages_account_fk" FOREIGN KEY ("store_id","account_id") REFERENCES "public"."accounts"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_account_fk" FOREIGN KEY ("store_id","account_id") REFERENCES "public"."accounts"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_tokens" ADD CONSTRAINT "purchase_tokens_account_fk" FOREIGN KEY ("store_id","account_id") REFERENCES "public"."accounts"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contracts_account" ON "contracts" USING btree ("store_id","account_id","plan_id");--> statement-breakpoint
CREATE INDEX "entitlements_account" ON "entitlements" USING btree ("store_id","account_id","plan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_token" ON "orders" USING btree ("store_id","token_id");--> statement-breakpoint
CREATE INDEX "orders_account" ON "orders" USING btree ("store_id","account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_tokens_hash" ON "purchase_tokens" USING btree ("store_id","token_hash");--> statement-breakpoint
-- Store data: forced row-level security and the three roles' grants, as every store table
-- (decision 0008).
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['purchase_tokens', 'orders', 'contracts', 'entitlements', 'free_trial_usages'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format($p$CREATE POLICY store_isolation ON %I
      USING (store_id = current_setting('app.store_id', true))
      WITH CHECK (store_id = current_setting('app.store_id', true))$p$, t);
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO store_app, store_worker, store_admin', t);
  END LOOP;
END $$;
