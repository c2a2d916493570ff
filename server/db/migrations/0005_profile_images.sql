-- My Page profile images (issue 8): one picture per member, named in its URL by a random key.
CREATE TABLE "account_profile_images" (
	"store_id" text NOT NULL,
	"account_id" uuid NOT NULL,
	"image_key" text NOT NULL,
	"content_type" text NOT NULL,
	"data" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_profile_images_pk" PRIMARY KEY("store_id","account_id")
);
--> statement-breakpoint
ALTER TABLE "account_profile_images" ADD CONSTRAINT "account_profile_images_account_fk" FOREIGN KEY ("store_id","account_id") REFERENCES "public"."accounts"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_profile_images_key" ON "account_profile_images" USING btree ("store_id","image_key");--> statement-breakpoint
-- Store data: forced row-level security and the three roles' grants, as every store table
-- (decision 0008).
ALTER TABLE "account_profile_images" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "account_profile_images" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY store_isolation ON "account_profile_images"
  USING (store_id = current_setting('app.store_id', true))
  WITH CHECK (store_id = current_setting('app.store_id', true));--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "account_profile_images" TO store_app, store_worker, store_admin;
