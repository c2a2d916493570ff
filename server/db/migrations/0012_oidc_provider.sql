CREATE TABLE "oidc_models" (
	"store_id" text NOT NULL,
	"model" text NOT NULL,
	"id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"uid" text,
	"user_code" text,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "oidc_models_pk" PRIMARY KEY("store_id","model","id")
);
--> statement-breakpoint
CREATE TABLE "oidc_signing_keys" (
	"store_id" text NOT NULL,
	"kid" text NOT NULL,
	"private_jwk" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone,
	CONSTRAINT "oidc_signing_keys_pk" PRIMARY KEY("store_id","kid")
);
--> statement-breakpoint
CREATE INDEX "oidc_models_grant" ON "oidc_models" USING btree ("store_id","grant_id");--> statement-breakpoint
CREATE INDEX "oidc_models_uid" ON "oidc_models" USING btree ("store_id","model","uid");--> statement-breakpoint
CREATE INDEX "oidc_models_user_code" ON "oidc_models" USING btree ("store_id","model","user_code");--> statement-breakpoint
CREATE INDEX "oidc_models_expires" ON "oidc_models" USING btree ("expires_at");--> statement-breakpoint
-- Store data: forced row-level security and the three roles' grants, as every store table
-- (decision 0008).
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['oidc_models', 'oidc_signing_keys'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format($p$CREATE POLICY store_isolation ON %I
      USING (store_id = current_setting('app.store_id', true))
      WITH CHECK (store_id = current_setting('app.store_id', true))$p$, t);
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO store_app, store_worker, store_admin', t);
  END LOOP;
END $$;
