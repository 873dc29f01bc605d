export * from './generated/abis.ts';
export * from './generated/bytecode.ts';
export * from './anvil.ts';
export * from './anvil-keys.ts';
export * from './deploy.ts';
export * from './send-batch.ts';
export * from './gas.ts';
