ALTER TABLE "account_recoveries" ADD COLUMN "held_since" timestamp;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "email_since" timestamp;