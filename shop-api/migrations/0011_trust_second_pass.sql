CREATE TABLE "registrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"first_name" varchar(255) NOT NULL,
	"last_name" varchar(255) NOT NULL,
	"password_hash" text NOT NULL,
	"subscribed_to_newsletter" boolean DEFAULT false NOT NULL,
	"group_code" varchar(32) DEFAULT 'individual' NOT NULL,
	"company_name" varchar(255),
	"siret" varchar(14),
	"token_hash" varchar(64),
	"expires_at" timestamp NOT NULL,
	"created_at" timestamp DEFAULT now() NOT NULL,
	CONSTRAINT "registrations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "to_review" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "mailbox_proven_at" timestamp;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "registrations_customer_idx" ON "registrations" USING btree ("customer_id");--> statement-breakpoint
UPDATE "customers" SET "mailbox_proven_at" = "verified_at" WHERE "verified_at" IS NOT NULL;--> statement-breakpoint
INSERT INTO "registrations" ("customer_id", "first_name", "last_name", "password_hash", "subscribed_to_newsletter", "group_code", "company_name", "siret", "token_hash", "expires_at", "created_at")
SELECT "id", "first_name", "last_name", "password_hash", "subscribed_to_newsletter", "group_code", "company_name", "siret", "verification_token_hash", "verification_expires_at", "updated_at"
FROM "customers"
WHERE "verified_at" IS NULL AND "erased_at" IS NULL AND "pending_email" IS NULL AND "verification_token_hash" IS NOT NULL AND "verification_expires_at" IS NOT NULL;--> statement-breakpoint
UPDATE "customers" SET "verification_token_hash" = NULL, "verification_expires_at" = NULL WHERE "verified_at" IS NULL AND "pending_email" IS NULL;
