CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"provider" varchar(16) NOT NULL,
	"state" varchar(16) DEFAULT 'new' NOT NULL,
	"amount" integer NOT NULL,
	"currency_code" varchar(3) NOT NULL,
	"session_id" varchar(255) NOT NULL,
	"checkout_url" text NOT NULL,
	"after_success_url" text NOT NULL,
	"after_cancel_url" text NOT NULL,
	"expires_at" timestamp NOT NULL,
	"created_at" timestamp DEFAULT now() NOT NULL,
	"completed_at" timestamp,
	CONSTRAINT "payments_session_id_unique" UNIQUE("session_id")
);
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id","state");--> statement-breakpoint
CREATE INDEX "payments_open_idx" ON "payments" USING btree ("state","expires_at");