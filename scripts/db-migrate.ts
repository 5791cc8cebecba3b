import { openDatabase, currentDriver } from '@/db/client';

async function main() {
  // openDatabase applies every pending migration.
  const handle = await openDatabase();
  console.log(`migrations applied (${currentDriver()})`);
  await handle.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
