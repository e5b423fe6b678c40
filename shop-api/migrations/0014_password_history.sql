CREATE TABLE "password_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"email" varchar(255) NOT NULL,
	"password_hash" text NOT NULL,
	"set_at" timestamp DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "password_history" ADD CONSTRAINT "password_history_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "password_history_customer_idx" ON "password_history" USING btree ("customer_id","email");--> statement-breakpoint
-- Every confirmed account's current password, at its current address: the passwords known so far.
INSERT INTO "password_history" ("customer_id", "email", "password_hash", "set_at")
SELECT "id", "email", "password_hash", now() FROM "customers"
WHERE "verified_at" IS NOT NULL AND "erased_at" IS NULL;
