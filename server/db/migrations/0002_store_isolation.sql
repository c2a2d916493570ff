-- Store isolation enforced by the database (docs/decisions/0008-store-isolation-in-the-database.md).
-- 1. Every table of store data gets store_id as the first column of its primary key and of its
--    foreign keys, so the tables can be distributed by store (Citus: distribution column store_id,
--    co-located; stores, store_hosts and app_secrets are reference tables).
-- 2. Row-level security, forced, on every such table: a transaction sees and writes only the rows
--    of the store it set with set_config('app.store_id', ..., true).
-- 3. Roles: store_app (the web application; subject to the policies), store_worker (cross-store jobs:
--    housekeeping, the mail queue, billing; BYPASSRLS) and store_admin (the store tool and the demo
--    seed; BYPASSRLS, writes the catalogue). None of them owns a table.
CREATE TABLE "mail_jobs" (
	"store_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	CONSTRAINT "mail_jobs_pk" PRIMARY KEY("store_id","id")
);
--> statement-breakpoint
CREATE INDEX "mail_jobs_due" ON "mail_jobs" USING btree ("run_after");--> statement-breakpoint
ALTER TABLE "known_devices" DROP CONSTRAINT "known_devices_account_id_accounts_id_fk";--> statement-breakpoint
ALTER TABLE "login_history" DROP CONSTRAINT "login_history_account_id_accounts_id_fk";--> statement-breakpoint
ALTER TABLE "password_resets" DROP CONSTRAINT "password_resets_account_id_accounts_id_fk";--> statement-breakpoint
ALTER TABLE "policy_consents" DROP CONSTRAINT "policy_consents_account_id_accounts_id_fk";--> statement-breakpoint
ALTER TABLE "sessions" DROP CONSTRAINT "sessions_account_id_accounts_id_fk";--> statement-breakpoint
DROP INDEX "login_history_account";--> statement-breakpoint
DROP INDEX "sessions_account";--> statement-breakpoint
ALTER TABLE "accounts" DROP CONSTRAINT "accounts_public_id_unique";--> statement-breakpoint
ALTER TABLE "policy_consents" DROP CONSTRAINT "policy_consents_account_id_policy_id_revision_pk";--> statement-breakpoint
ALTER TABLE "accounts" DROP CONSTRAINT "accounts_pkey";--> statement-breakpoint
ALTER TABLE "auth_codes" DROP CONSTRAINT "auth_codes_pkey";--> statement-breakpoint
ALTER TABLE "auth_flows" DROP CONSTRAINT "auth_flows_pkey";--> statement-breakpoint
ALTER TABLE "known_devices" DROP CONSTRAINT "known_devices_pkey";--> statement-breakpoint
ALTER TABLE "login_history" DROP CONSTRAINT "login_history_pkey";--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_pkey";--> statement-breakpoint
ALTER TABLE "password_resets" DROP CONSTRAINT "password_resets_pkey";--> statement-breakpoint
ALTER TABLE "sessions" DROP CONSTRAINT "sessions_pkey";--> statement-breakpoint
ALTER TABLE "throttle_counters" DROP CONSTRAINT "throttle_counters_pkey";--> statement-breakpoint
-- Counters kept their store inside the key ('acct:<store>:…', 'uidcheck:ip:<store>:…'): it becomes a column.
ALTER TABLE "throttle_counters" ADD COLUMN "store_id" text;--> statement-breakpoint
UPDATE "throttle_counters" SET "store_id" = CASE WHEN "key" LIKE 'uidcheck:%' THEN split_part("key", ':', 3) ELSE split_part("key", ':', 2) END;--> statement-breakpoint
ALTER TABLE "throttle_counters" ALTER COLUMN "store_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_flows" ADD COLUMN "failed_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_pk" PRIMARY KEY("store_id","id");--> statement-breakpoint
ALTER TABLE "auth_codes" ADD CONSTRAINT "auth_codes_pk" PRIMARY KEY("store_id","id");--> statement-breakpoint
ALTER TABLE "auth_flows" ADD CONSTRAINT "auth_flows_pk" PRIMARY KEY("store_id","token_hash");--> statement-breakpoint
ALTER TABLE "known_devices" ADD CONSTRAINT "known_devices_pk" PRIMARY KEY("store_id","token_hash");--> statement-breakpoint
ALTER TABLE "login_history" ADD CONSTRAINT "login_history_pk" PRIMARY KEY("store_id","id");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_pk" PRIMARY KEY("store_id","id");--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_pk" PRIMARY KEY("store_id","token_hash");--> statement-breakpoint
ALTER TABLE "policy_consents" ADD CONSTRAINT "policy_consents_pk" PRIMARY KEY("store_id","account_id","policy_id","revision");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_pk" PRIMARY KEY("store_id","id_hash");--> statement-breakpoint
ALTER TABLE "throttle_counters" ADD CONSTRAINT "throttle_counters_pk" PRIMARY KEY("store_id","key");--> statement-breakpoint
ALTER TABLE "known_devices" ADD CONSTRAINT "known_devices_account_fk" FOREIGN KEY ("store_id","account_id") REFERENCES "public"."accounts"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_history" ADD CONSTRAINT "login_history_account_fk" FOREIGN KEY ("store_id","account_id") REFERENCES "public"."accounts"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_account_fk" FOREIGN KEY ("store_id","account_id") REFERENCES "public"."accounts"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_consents" ADD CONSTRAINT "policy_consents_account_fk" FOREIGN KEY ("store_id","account_id") REFERENCES "public"."accounts"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_account_fk" FOREIGN KEY ("store_id","account_id") REFERENCES "public"."accounts"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_store_public_id" ON "accounts" USING btree ("store_id","public_id");--> statement-breakpoint
CREATE INDEX "login_history_account" ON "login_history" USING btree ("store_id","account_id","created_at");--> statement-breakpoint
CREATE INDEX "sessions_account" ON "sessions" USING btree ("store_id","account_id");--> statement-breakpoint
-- Roles are shared by every database of a PostgreSQL server: created once, by whichever migration
-- comes first (with BYPASSRLS where the migrating user may give it: a superuser; see decision 0008).
DO $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT * FROM (VALUES ('store_app', ''), ('store_worker', ' BYPASSRLS'), ('store_admin', ' BYPASSRLS')) AS v(name, attrs) LOOP
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = r.name) THEN
      BEGIN
        EXECUTE format('CREATE ROLE %I NOLOGIN', r.name) || r.attrs;
      EXCEPTION
        WHEN duplicate_object OR unique_violation THEN NULL; -- another database's migration created it meanwhile
        WHEN insufficient_privilege THEN
          EXECUTE format('CREATE ROLE %I NOLOGIN', r.name);
          RAISE NOTICE 'role % created without BYPASSRLS: a superuser must add it (decision 0008)', r.name;
      END;
    END IF;
  END LOOP;
END $$;--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO store_app, store_worker, store_admin;--> statement-breakpoint
GRANT SELECT ON "stores", "store_hosts" TO store_app, store_worker;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "stores", "store_hosts" TO store_admin;--> statement-breakpoint
GRANT SELECT, INSERT ON "app_secrets" TO store_app, store_worker, store_admin;--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['plan_sales', 'accounts', 'policy_consents', 'auth_codes', 'auth_flows', 'sessions', 'known_devices',
                           'login_history', 'throttle_counters', 'password_resets', 'mail_outbox', 'mail_jobs'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format($p$CREATE POLICY store_isolation ON %I
      USING (store_id = current_setting('app.store_id', true))
      WITH CHECK (store_id = current_setting('app.store_id', true))$p$, t);
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO store_app, store_worker, store_admin', t);
  END LOOP;
END $$;
