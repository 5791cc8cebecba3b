export function holdReadyLine(target?: { log: (...args: unknown[]) => void }): () => void;
export function announceWhenAnswering(
  base: string,
  options?: { log?: (line: string) => void; release?: () => void; maxWaitMs?: number; localEvaluation?: boolean },
): Promise<boolean>;
