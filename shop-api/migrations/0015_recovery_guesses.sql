ALTER TABLE "account_recoveries" ADD COLUMN "guesses" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Rows already remembered were current passwords: taken as set through the mailbox (the default).
ALTER TABLE "password_history" ADD COLUMN "source" varchar(16) DEFAULT 'mailbox' NOT NULL;
