CREATE TABLE "support_audit" (
	"store_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"account_id" uuid,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"result" text NOT NULL,
	CONSTRAINT "support_audit_pk" PRIMARY KEY("store_id","id")
);
--> statement-breakpoint
ALTER TABLE "support_audit" ADD CONSTRAINT "support_audit_store_id_stores_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("store_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_audit_store_at" ON "support_audit" USING btree ("store_id","at");--> statement-breakpoint
-- Store data under forced row-level security (decision 0008), but append-only: the roles may read
-- and add rows, never change or remove one (decision 0051). A store's removal still takes its rows
-- (the foreign key's cascade runs as the table's owner).
ALTER TABLE "support_audit" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "support_audit" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY store_isolation ON "support_audit"
  USING (store_id = current_setting('app.store_id', true))
  WITH CHECK (store_id = current_setting('app.store_id', true));--> statement-breakpoint
GRANT SELECT, INSERT ON "support_audit" TO store_app, store_worker, store_admin;
