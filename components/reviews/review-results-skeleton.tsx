import { LoadingRegion } from '@/components/ui/loading-region';
import { Skeleton, SkeletonPanel } from '@/components/ui/skeleton';

/**
 * The reviews page below its filters while the reviews load: the two views, the five summary
 * figures and three cards, in the places and sizes they take.
 */
export function ReviewResultsSkeleton() {
  return (
    <LoadingRegion className="flex flex-col gap-5">
      <div className="flex gap-2">
        <Skeleton className="h-9 w-20 rounded-lg" />
        <Skeleton className="h-9 w-24 rounded-lg" />
      </div>
      <div className="grid grid-cols-5 gap-3 max-[1000px]:grid-cols-3 mobile:grid-cols-2">
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} className="h-[74px] rounded-xl" />
        ))}
      </div>
      <div className="flex flex-col gap-3">
        {Array.from({ length: 3 }, (_, i) => (
          <SkeletonPanel key={i} className="mobile:p-4">
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-4 w-56" />
            <Skeleton className="h-4 w-full" />
          </SkeletonPanel>
        ))}
      </div>
    </LoadingRegion>
  );
}
