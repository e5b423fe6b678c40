CREATE TABLE "export_quote_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"vehicle_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"company_name" varchar(255) NOT NULL,
	"siret" varchar(14) NOT NULL,
	"contact_name" text NOT NULL,
	"email" varchar(255) NOT NULL,
	"phone_number" varchar(32) NOT NULL,
	"destination" varchar(64),
	"message" text DEFAULT '' NOT NULL,
	"requested_at" timestamp NOT NULL,
	"notified_at" timestamp
);
--> statement-breakpoint
CREATE TABLE "export_vehicles" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"make" varchar(64) NOT NULL,
	"model" varchar(64) NOT NULL,
	"version" varchar(64) NOT NULL,
	"year" integer NOT NULL,
	"mileage" integer NOT NULL,
	"fuel" varchar(32) NOT NULL,
	"status" varchar(16) NOT NULL,
	"condition" text NOT NULL,
	"documents" jsonb NOT NULL,
	"price_excl_vat" integer,
	"state" varchar(16) DEFAULT 'available' NOT NULL,
	"created_at" timestamp DEFAULT now() NOT NULL,
	CONSTRAINT "export_vehicles_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "export_quote_requests" ADD CONSTRAINT "export_quote_requests_vehicle_id_export_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."export_vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_quote_requests" ADD CONSTRAINT "export_quote_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "export_quote_requests_customer_idx" ON "export_quote_requests" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "export_quote_requests_vehicle_idx" ON "export_quote_requests" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "export_vehicles_state_idx" ON "export_vehicles" USING btree ("state","created_at");