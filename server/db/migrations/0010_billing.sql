-- The billing engine (issue 10, decision 0019): what renewals need on contracts, earnings (one row per
-- successful charge) and billing attempts.
CREATE TABLE "billing_attempts" (
	"store_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"contract_id" uuid NOT NULL,
	"period_no" integer NOT NULL,
	"kind" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount" integer NOT NULL,
	"outcome" text NOT NULL,
	"failure_code" text,
	"charge_ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_attempts_pk" PRIMARY KEY("store_id","id")
);
--> statement-breakpoint
CREATE TABLE "earnings" (
	"store_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"contract_id" uuid,
	"order_id" uuid,
	"plan_id" text NOT NULL,
	"plan_name" jsonb NOT NULL,
	"payment_method_type" text NOT NULL,
	"payment_method_info" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"billing_amount" integer NOT NULL,
	"tax_rate" integer NOT NULL,
	"tax_amount" integer NOT NULL,
	"net_amount" integer NOT NULL,
	"charge_ref" text,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "earnings_pk" PRIMARY KEY("store_id","id")
);
--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "anchor_day" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "period_no" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "first_payment_day" text;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "trial_ends_on" text;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "usable_until" text;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "hold_since" text;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "retry_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "next_retry_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "cancel_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "cancel_survey_answers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "ended_reason" text;--> statement-breakpoint
ALTER TABLE "billing_attempts" ADD CONSTRAINT "billing_attempts_contract_fk" FOREIGN KEY ("store_id","contract_id") REFERENCES "public"."contracts"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earnings" ADD CONSTRAINT "earnings_account_fk" FOREIGN KEY ("store_id","account_id") REFERENCES "public"."accounts"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_attempts_key" ON "billing_attempts" USING btree ("store_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "billing_attempts_contract" ON "billing_attempts" USING btree ("store_id","contract_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "earnings_idempotency_key" ON "earnings" USING btree ("store_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "earnings_account" ON "earnings" USING btree ("store_id","account_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contracts_due" ON "contracts" USING btree ("next_settlement_day") WHERE ended_at IS NULL;--> statement-breakpoint
CREATE INDEX "contracts_retry_due" ON "contracts" USING btree ("next_retry_at") WHERE ended_at IS NULL AND next_retry_at IS NOT NULL;--> statement-breakpoint
-- Contracts bought before this migration: their anchor day, first payment day, trial end and paid period.
UPDATE "contracts" c SET
  "anchor_day" = CASE WHEN c."status" = 'NEW_TRIAL_CONTRACT'
    THEN extract(day from c."next_settlement_day"::date)::int
    ELSE extract(day from (c."started_at" AT TIME ZONE 'UTC' + interval '9 hours'))::int END,
  "first_payment_day" = coalesce(o."computation"->>'firstPaymentDay', c."next_settlement_day"),
  "trial_ends_on" = CASE WHEN c."status" = 'NEW_TRIAL_CONTRACT' THEN to_char(c."next_settlement_day"::date - 1, 'YYYY-MM-DD') END,
  "usable_until" = to_char(c."next_settlement_day"::date - 1, 'YYYY-MM-DD')
FROM "orders" o
WHERE o."store_id" = c."store_id" AND o."id" = c."order_id";
--> statement-breakpoint
-- Store data: forced row-level security and the three roles' grants, as every store table
-- (decision 0008).
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['earnings', 'billing_attempts'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format($p$CREATE POLICY store_isolation ON %I
      USING (store_id = current_setting('app.store_id', true))
      WITH CHECK (store_id = current_setting('app.store_id', true))$p$, t);
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO store_app, store_worker, store_admin', t);
  END LOOP;
END $$;
