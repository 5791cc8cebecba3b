import type { Db } from '@/db/client';
import { seedAccounts } from './accounts';
import { seedDemoCampaigns } from './campaigns';
import { seedCommonTemplates } from './common-templates';
import { seedDemoContacts } from './contacts';
import { seedDemoLocations } from './locations';
import { seedDemoInbox } from './inbox';
import { seedDemoMerchant } from './merchant';
import { seedPosts } from './posts';
import { seedReviews } from './reviews';
import { seedReviewLinks } from './review-links';
import { assertDemoSeedAllowed } from './policy';
import { seedDemoTemplates } from './templates';
import { seedTeam } from './team';
import { seedDeliverability } from './deliverability';

/**
 * All demo data, in dependency order; each step is idempotent, so a second run changes nothing.
 * Later domains add their step here (contacts, campaigns, conversations, reviews, posts).
 */
export async function seedAll(db: Db): Promise<void> {
  // The demo account's password is public (README): never in a production deployment.
  assertDemoSeedAllowed();
  await seedCommonTemplates(db);
  const demo = await seedDemoMerchant(db);
  // Guarded by its own check (the staff user): a second sign-in and dev-mailbox samples.
  await seedAccounts(db, demo);
  // Idempotent by its unique key: one pending team invitation.
  await seedTeam(db, demo);
  // Guarded by its own check (the pop-up location's name).
  await seedDemoLocations(db, demo);
  // Guarded by its own check (the demo merchant has no contacts yet).
  await seedDemoContacts(db, demo);
  // Guarded by its own existence check, so databases seeded before posts existed get them too.
  await seedPosts(db, demo);
  // Guarded by its own check (the demo merchant's review source).
  await seedReviews(db, demo);
  // Guarded by its own check (the demo merchant has no review codes yet); after locations.
  await seedReviewLinks(db, demo);
  // Guarded by its own check (the demo merchant has no templates yet).
  await seedDemoTemplates(db, demo);
  // Guarded by its own check (the demo merchant has no campaigns yet); after contacts and templates.
  await seedDemoCampaigns(db, demo);
  // Guarded by its own check (the demo merchant has no conversations yet); after contacts.
  await seedDemoInbox(db, demo);
  // Guarded by its own check (the demo merchant's stored domain check).
  await seedDeliverability(db, demo);
  if (!demo.created) return;
  void demo;
}
