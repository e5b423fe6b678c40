ALTER TABLE "orders" ADD COLUMN "customer_group_code" varchar(32);--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "captured_amount" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "captured_currency" varchar(3);--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider_reference" varchar(255);--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_reason" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_at" timestamp;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "held_by_payment_id" integer;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_held_by_payment_id_payments_id_fk" FOREIGN KEY ("held_by_payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_variants_held_idx" ON "product_variants" USING btree ("held_by_payment_id");--> statement-breakpoint
-- Holds taken before this migration belong to the open payment of the order that has the part.
UPDATE "product_variants" SET "held_by_payment_id" = (
  SELECT p."id" FROM "payments" p JOIN "order_items" i ON i."order_id" = p."order_id"
  WHERE p."state" = 'new' AND i."variant_id" = "product_variants"."id" ORDER BY p."id" LIMIT 1
) WHERE "on_hold" > 0;
