CREATE TABLE "staking_cursors" (
	"chain_id" integer NOT NULL,
	"contract" text NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"recent" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staking_cursors_chain_id_contract_pk" PRIMARY KEY("chain_id","contract")
);
--> statement-breakpoint
CREATE TABLE "staking_events" (
	"chain_id" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"contract" text NOT NULL,
	"block_number" bigint NOT NULL,
	"block_time" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"account" text,
	"unit_id" integer,
	"value" numeric(78, 0),
	"amount" numeric(78, 0),
	CONSTRAINT "staking_events_chain_id_tx_hash_log_index_pk" PRIMARY KEY("chain_id","tx_hash","log_index")
);
--> statement-breakpoint
CREATE INDEX "staking_events_contract_block_idx" ON "staking_events" USING btree ("chain_id","contract","block_number");