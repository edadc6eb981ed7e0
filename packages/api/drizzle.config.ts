import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './src/db/schema.ts',
    './src/db/interactions-schema.ts',
    './src/db/realtime-schema.ts',
    './src/db/messaging-schema.ts',
    './src/db/billing-schema.ts',
    './src/db/support-schema.ts',
    './src/db/acquisition-schema.ts',
  ],
  out: './drizzle',
});
