ALTER TABLE "order_lines" DROP CONSTRAINT "order_lines_item_ck";--> statement-breakpoint
ALTER TABLE "crypto_payments" DROP CONSTRAINT "crypto_payments_kind_ck";--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD COLUMN "order_line_id" bigint;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_ledger_line_key" ON "credit_ledger" USING btree ("order_line_id");--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_item_ck" CHECK (CASE "order_lines"."object" WHEN 'spaceship' THEN "order_lines"."shop_stock_id" IS NOT NULL AND "order_lines"."blind_box_code" IS NULL AND "order_lines"."listing_id" IS NULL
        WHEN 'blindbox' THEN "order_lines"."blind_box_code" IS NOT NULL AND "order_lines"."shop_stock_id" IS NULL AND "order_lines"."listing_id" IS NULL
        WHEN 'listing' THEN "order_lines"."listing_id" IS NOT NULL AND "order_lines"."shop_stock_id" IS NULL AND "order_lines"."blind_box_code" IS NULL AND "order_lines"."quantity" = 1
        WHEN 'land_credit' THEN "order_lines"."shop_stock_id" IS NULL AND "order_lines"."blind_box_code" IS NULL AND "order_lines"."listing_id" IS NULL AND "order_lines"."quantity" >= 1
        ELSE false END);--> statement-breakpoint
ALTER TABLE "crypto_payments" ADD CONSTRAINT "crypto_payments_kind_ck" CHECK ("crypto_payments"."kind" IN ('cart', 'item', 'listing', 'topup'));