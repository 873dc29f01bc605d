ALTER TABLE "gin_conversions" ADD COLUMN "review_note" text;--> statement-breakpoint
ALTER TABLE "gin_conversions" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "gin_conversions_review_idx" ON "gin_conversions" USING btree ("updated_at","id") WHERE "gin_conversions"."status" = 'review';