CREATE TABLE "sandbox_checkout_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"client_reference_id" text,
	"amount_total" bigint NOT NULL,
	"currency" text NOT NULL,
	"line_items" jsonb NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"success_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_checkout_sessions_status_ck" CHECK ("sandbox_checkout_sessions"."status" IN ('open', 'complete', 'expired')),
	CONSTRAINT "sandbox_checkout_sessions_amount_ck" CHECK ("sandbox_checkout_sessions"."amount_total" >= 0)
);
--> statement-breakpoint
ALTER TABLE "sandbox_checkout_sessions" ADD CONSTRAINT "sandbox_checkout_sessions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;