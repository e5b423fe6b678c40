-- Trigram search for names and OEM references (bundled with PostgreSQL's contrib and with PGlite).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "products_main_taxon_created_idx";--> statement-breakpoint
DROP INDEX "products_created_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "price" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sold_at" timestamp;--> statement-breakpoint
-- Parts loaded before this migration take the price of their default variant.
UPDATE "products" SET "price" = v."price" FROM "product_variants" v WHERE v."product_id" = "products"."id" AND v."position" = 0;--> statement-breakpoint
CREATE INDEX "products_listed_taxon_created_idx" ON "products" USING btree ("main_taxon_id","created_at","id") WHERE "products"."enabled" AND "products"."sold_at" IS NULL;--> statement-breakpoint
CREATE INDEX "products_listed_taxon_price_idx" ON "products" USING btree ("main_taxon_id","price","id") WHERE "products"."enabled" AND "products"."sold_at" IS NULL;--> statement-breakpoint
CREATE INDEX "products_listed_created_idx" ON "products" USING btree ("created_at","id") WHERE "products"."enabled" AND "products"."sold_at" IS NULL;--> statement-breakpoint
CREATE INDEX "products_listed_price_idx" ON "products" USING btree ("price","id") WHERE "products"."enabled" AND "products"."sold_at" IS NULL;--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_oem_trgm_idx" ON "products" USING gin ("oem_reference_normalized" gin_trgm_ops);