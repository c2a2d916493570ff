CREATE TABLE "plan_sales" (
	"store_id" text NOT NULL,
	"plan_id" text NOT NULL,
	"sales_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "plan_sales_store_id_plan_id_pk" PRIMARY KEY("store_id","plan_id")
);
--> statement-breakpoint
CREATE TABLE "store_hosts" (
	"host" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"store_id" text PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plan_sales" ADD CONSTRAINT "plan_sales_store_id_stores_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("store_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_hosts" ADD CONSTRAINT "store_hosts_store_id_stores_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("store_id") ON DELETE cascade ON UPDATE no action;