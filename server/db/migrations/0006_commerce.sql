-- Commerce (issue 9): the members' customers at the payment provider and their payment methods.
CREATE TABLE "account_payment_methods" (
	"store_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"payment_method_type" text NOT NULL,
	"card_ref" text,
	"agreement_ref" text,
	"card_brand" text,
	"last4" text,
	"expire_date" text,
	"label" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "account_payment_methods_pk" PRIMARY KEY("store_id","id")
);
--> statement-breakpoint
CREATE TABLE "payment_customers" (
	"store_id" text NOT NULL,
	"account_id" uuid NOT NULL,
	"customer_ref" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_customers_pk" PRIMARY KEY("store_id","account_id")
);
--> statement-breakpoint
ALTER TABLE "account_payment_methods" ADD CONSTRAINT "account_payment_methods_account_fk" FOREIGN KEY ("store_id","account_id") REFERENCES "public"."accounts"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_customers" ADD CONSTRAINT "payment_customers_account_fk" FOREIGN KEY ("store_id","account_id") REFERENCES "public"."accounts"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_payment_methods_account" ON "account_payment_methods" USING btree ("store_id","account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_customers_ref" ON "payment_customers" USING btree ("store_id","customer_ref");--> statement-breakpoint
-- Store data: forced row-level security and the three roles' grants, as every store table
-- (decision 0008).
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['payment_customers', 'account_payment_methods'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format($p$CREATE POLICY store_isolation ON %I
      USING (store_id = current_setting('app.store_id', true))
      WITH CHECK (store_id = current_setting('app.store_id', true))$p$, t);
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO store_app, store_worker, store_admin', t);
  END LOOP;
END $$;
