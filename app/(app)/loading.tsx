import { LoadingRegion } from '@/components/ui/loading-region';
import { Skeleton, SkeletonPanel } from '@/components/ui/skeleton';

/** Shown inside the shell while a signed-in page renders on the server. */
export default function Loading() {
  return (
    <LoadingRegion className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <Skeleton className="h-7 w-48" />
        <Skeleton className="h-4 w-80 max-w-full" />
      </div>
      <div className="grid grid-cols-4 gap-4 mobile:grid-cols-2">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-24 rounded-xl" />
        ))}
      </div>
      <SkeletonPanel>
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-5" style={{ width: `${90 - i * 8}%` }} />
        ))}
      </SkeletonPanel>
    </LoadingRegion>
  );
}
