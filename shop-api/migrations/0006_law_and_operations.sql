CREATE TABLE "withdrawals" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"item_ids" jsonb NOT NULL,
	"full_name" text NOT NULL,
	"email" varchar(255),
	"requested_at" timestamp NOT NULL,
	"acknowledged_at" timestamp
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "company_name" varchar(255);--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "siret" varchar(14);--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "erased_at" timestamp;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "last_seen_at" timestamp;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "retention_warned_at" timestamp;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "checkout_completed_at" timestamp;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fulfilled_at" timestamp;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "withdrawals_order_idx" ON "withdrawals" USING btree ("order_id");--> statement-breakpoint
-- Orders placed before this migration: their last change is the best date known.
UPDATE "orders" SET "checkout_completed_at" = "updated_at" WHERE "state" <> 'cart' AND "checkout_completed_at" IS NULL;--> statement-breakpoint
UPDATE "orders" SET "fulfilled_at" = "updated_at" WHERE "state" = 'fulfilled' AND "fulfilled_at" IS NULL;
