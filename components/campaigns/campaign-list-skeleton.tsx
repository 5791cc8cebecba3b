import { LoadingRegion } from '@/components/ui/loading-region';
import { Skeleton, SkeletonPanel } from '@/components/ui/skeleton';

/** The campaign list below its heading while the first page loads: the controls and the table's rows. */
export function CampaignListSkeleton() {
  return (
    <LoadingRegion className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <Skeleton className="h-9 w-24 rounded-lg" />
        <Skeleton className="h-9 w-64 rounded-lg max-[720px]:w-full" />
        <Skeleton className="h-9 w-28 rounded-lg" />
      </div>
      <SkeletonPanel>
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-8 w-full" />
        ))}
      </SkeletonPanel>
    </LoadingRegion>
  );
}
