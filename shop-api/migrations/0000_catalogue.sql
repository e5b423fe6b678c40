CREATE TABLE "channels" (
	"code" varchar(64) PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"base_currency_code" varchar(3) NOT NULL,
	"default_locale_code" varchar(16) NOT NULL,
	"menu_taxon_code" varchar(255) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"code" varchar(2) PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_compatibilities" (
	"product_id" integer NOT NULL,
	"engine_id" integer NOT NULL,
	CONSTRAINT "product_compatibilities_product_id_engine_id_pk" PRIMARY KEY("product_id","engine_id")
);
--> statement-breakpoint
CREATE TABLE "product_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"type" varchar(32) NOT NULL,
	"path" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_taxons" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"taxon_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_variants" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(64) NOT NULL,
	"product_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"price" integer NOT NULL,
	"original_price" integer NOT NULL,
	"on_hand" integer DEFAULT 1 NOT NULL,
	"on_hold" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_variants_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(64) NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"short_description" text DEFAULT '' NOT NULL,
	"main_taxon_id" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"oem_reference" text,
	"oem_reference_normalized" text,
	"donor_engine_id" integer,
	"donor_year" integer,
	"donor_mileage_km" integer,
	"grade" varchar(1) NOT NULL,
	"warranty_months" integer NOT NULL,
	"weight_grams" integer NOT NULL,
	"search_text" text NOT NULL,
	"created_at" timestamp NOT NULL,
	"updated_at" timestamp NOT NULL,
	CONSTRAINT "products_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "shipping_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(64) NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"base_price" integer NOT NULL,
	"included_weight_grams" integer DEFAULT 0 NOT NULL,
	"price_per_extra_kg" integer DEFAULT 0 NOT NULL,
	"min_weight_grams" integer,
	"max_weight_grams" integer,
	CONSTRAINT "shipping_methods_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "taxons" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(255) NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text,
	"position" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "taxons_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "product_compatibilities" ADD CONSTRAINT "product_compatibilities_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_compatibilities" ADD CONSTRAINT "product_compatibilities_engine_id_taxons_id_fk" FOREIGN KEY ("engine_id") REFERENCES "public"."taxons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_taxons" ADD CONSTRAINT "product_taxons_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_taxons" ADD CONSTRAINT "product_taxons_taxon_id_taxons_id_fk" FOREIGN KEY ("taxon_id") REFERENCES "public"."taxons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_main_taxon_id_taxons_id_fk" FOREIGN KEY ("main_taxon_id") REFERENCES "public"."taxons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_donor_engine_id_taxons_id_fk" FOREIGN KEY ("donor_engine_id") REFERENCES "public"."taxons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_compatibilities_engine_idx" ON "product_compatibilities" USING btree ("engine_id","product_id");--> statement-breakpoint
CREATE INDEX "product_images_product_idx" ON "product_images" USING btree ("product_id","position");--> statement-breakpoint
CREATE INDEX "product_taxons_product_idx" ON "product_taxons" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "product_taxons_taxon_idx" ON "product_taxons" USING btree ("taxon_id","product_id");--> statement-breakpoint
CREATE INDEX "product_variants_product_idx" ON "product_variants" USING btree ("product_id","position");--> statement-breakpoint
CREATE INDEX "products_main_taxon_created_idx" ON "products" USING btree ("main_taxon_id","created_at");--> statement-breakpoint
CREATE INDEX "products_created_idx" ON "products" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "products_oem_idx" ON "products" USING btree ("oem_reference_normalized");--> statement-breakpoint
CREATE INDEX "taxons_parent_position_idx" ON "taxons" USING btree ("parent_id","position");