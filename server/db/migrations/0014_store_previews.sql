CREATE TABLE "store_previews" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"document" jsonb NOT NULL,
	"author" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "store_previews_expires_at_idx" ON "store_previews" USING btree ("expires_at");--> statement-breakpoint
-- Part of the catalogue like "stores" (no row-level security, decision 0050): the store tool's
-- role writes a preview and deletes expired ones; the application reads one by its token's hash.
GRANT SELECT, INSERT, DELETE ON "store_previews" TO store_admin;--> statement-breakpoint
GRANT SELECT ON "store_previews" TO store_app, store_worker;
