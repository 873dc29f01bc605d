CREATE TABLE "generated_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "local_chains" (
	"chain_id" integer PRIMARY KEY NOT NULL,
	"rpc_url" text NOT NULL,
	"genesis_hash" text NOT NULL,
	"contracts" jsonb NOT NULL,
	"treasury" text NOT NULL,
	"owner_data_dir" text NOT NULL,
	"owner_host" text NOT NULL,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "secret_fingerprints" (
	"name" text PRIMARY KEY NOT NULL,
	"sha256" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
