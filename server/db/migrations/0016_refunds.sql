-- Refunds through the gateway (issue 23 point 7, decision 0052): one row per refund of a payment,
-- written pending before the gateway is asked and done after (with the negative earnings row).
CREATE TABLE "refunds" (
	"store_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"earnings_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"status" text NOT NULL,
	"reason" text NOT NULL,
	"actor" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"refund_ref" text,
	"failure_code" text,
	"refund_earnings_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "refunds_pk" PRIMARY KEY("store_id","id")
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_earnings_fk" FOREIGN KEY ("store_id","earnings_id") REFERENCES "public"."earnings"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_idempotency_key" ON "refunds" USING btree ("store_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "refunds_earnings" ON "refunds" USING btree ("store_id","earnings_id");--> statement-breakpoint
CREATE INDEX "refunds_refund_earnings" ON "refunds" USING btree ("store_id","refund_earnings_id");--> statement-breakpoint
-- Store data: forced row-level security and the three roles' grants, as every store table
-- (decision 0008).
ALTER TABLE "refunds" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "refunds" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY store_isolation ON "refunds"
  USING (store_id = current_setting('app.store_id', true))
  WITH CHECK (store_id = current_setting('app.store_id', true));--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "refunds" TO store_app, store_worker, store_admin;
