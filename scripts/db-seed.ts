import { openDatabase, currentDriver } from '@/db/client';
import { seedAll } from '@/lib/seed/run';
import { DEMO_EMAIL, DEMO_PASSWORD } from '@/lib/seed/demo-account';

async function main() {
  const handle = await openDatabase();
  await seedAll(handle.db);
  console.log(`demo data ready (${currentDriver()}): sign in as ${DEMO_EMAIL} / ${DEMO_PASSWORD}`);
  await handle.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
