CREATE TABLE "store_revisions" (
	"store_id" text NOT NULL,
	"revision" integer NOT NULL,
	"document" jsonb NOT NULL,
	"author" text NOT NULL,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_revisions_pk" PRIMARY KEY("store_id","revision")
);
--> statement-breakpoint
ALTER TABLE "store_revisions" ADD CONSTRAINT "store_revisions_store_id_stores_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("store_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The catalogue's history, like "stores" itself (no row-level security): written and read by the
-- store tool's role only (decision 0047). The stores as they are now are their first kept revision.
GRANT SELECT, INSERT ON "store_revisions" TO store_admin;--> statement-breakpoint
INSERT INTO "store_revisions" ("store_id", "revision", "document", "author", "message", "created_at")
  SELECT "store_id", "revision", "settings", 'migration 0013', 'kept when revisions began', "updated_at" FROM "stores";
