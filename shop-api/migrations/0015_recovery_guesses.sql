ALTER TABLE "account_recoveries" ADD COLUMN "guesses" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "password_history" ADD COLUMN "proven" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The passwords known so far were current ones: taken as the owners'.
UPDATE "password_history" SET "proven" = true;
