-- The pages' component stylesheets, shared by every server process (decision 0011). A reference
-- table: no store data, so no row-level security (decision 0008).
CREATE TABLE "page_stylesheets" (
	"file" text PRIMARY KEY NOT NULL,
	"css" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
GRANT SELECT, INSERT ON "page_stylesheets" TO store_app, store_worker, store_admin;
