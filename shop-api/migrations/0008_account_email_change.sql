ALTER TABLE "customers" ADD COLUMN "pending_email" varchar(255);--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "pending_email_session" varchar(36);