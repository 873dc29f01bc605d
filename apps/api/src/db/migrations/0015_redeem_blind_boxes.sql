ALTER TABLE "redeem_codes" DROP CONSTRAINT "redeem_codes_kind_ck";--> statement-breakpoint
ALTER TABLE "redeem_codes" DROP CONSTRAINT "redeem_codes_grant_ck";--> statement-breakpoint
ALTER TABLE "blind_box_openings" ALTER COLUMN "order_line_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "blind_box_openings" ADD COLUMN "redemption_id" bigint;--> statement-breakpoint
ALTER TABLE "redeem_codes" ADD COLUMN "box_code" text;--> statement-breakpoint
ALTER TABLE "redeem_codes" ADD COLUMN "box_count" integer;--> statement-breakpoint
ALTER TABLE "redeem_redemptions" ADD COLUMN "box_code" text;--> statement-breakpoint
ALTER TABLE "redeem_redemptions" ADD COLUMN "box_count" integer;--> statement-breakpoint
ALTER TABLE "blind_box_openings" ADD CONSTRAINT "blind_box_openings_redemption_id_redeem_redemptions_id_fk" FOREIGN KEY ("redemption_id") REFERENCES "public"."redeem_redemptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redeem_codes" ADD CONSTRAINT "redeem_codes_box_code_blind_boxes_code_fk" FOREIGN KEY ("box_code") REFERENCES "public"."blind_boxes"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redeem_redemptions" ADD CONSTRAINT "redeem_redemptions_box_code_blind_boxes_code_fk" FOREIGN KEY ("box_code") REFERENCES "public"."blind_boxes"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blind_box_openings" ADD CONSTRAINT "blind_box_openings_redemption_box_key" UNIQUE("redemption_id","box_index");--> statement-breakpoint
ALTER TABLE "blind_box_openings" ADD CONSTRAINT "blind_box_openings_source_ck" CHECK (("blind_box_openings"."order_line_id" IS NULL) <> ("blind_box_openings"."redemption_id" IS NULL));--> statement-breakpoint
ALTER TABLE "redeem_codes" ADD CONSTRAINT "redeem_codes_kind_ck" CHECK ("redeem_codes"."kind" IN ('dnc', 'ship', 'blindbox'));--> statement-breakpoint
ALTER TABLE "redeem_codes" ADD CONSTRAINT "redeem_codes_grant_ck" CHECK (("redeem_codes"."kind" = 'dnc' AND "redeem_codes"."dnc_amount" > 0 AND "redeem_codes"."ship_id" IS NULL AND "redeem_codes"."box_code" IS NULL AND "redeem_codes"."box_count" IS NULL)
       OR ("redeem_codes"."kind" = 'ship' AND "redeem_codes"."ship_id" IS NOT NULL AND "redeem_codes"."dnc_amount" IS NULL AND "redeem_codes"."box_code" IS NULL AND "redeem_codes"."box_count" IS NULL)
       OR ("redeem_codes"."kind" = 'blindbox' AND "redeem_codes"."box_code" IS NOT NULL AND "redeem_codes"."box_count" BETWEEN 1 AND 10 AND "redeem_codes"."dnc_amount" IS NULL AND "redeem_codes"."ship_id" IS NULL));