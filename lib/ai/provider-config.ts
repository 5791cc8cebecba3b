import { setting } from '@/lib/config/settings';

/** An OpenAI-compatible chat endpoint: template drafts and review reply drafts both use it. */
export interface AiConfig {
  baseUrl: string;
  apiKey: string;
  model: string;
}

/** The configured model, or null: then drafts come from the phrase library. */
export function aiConfigFromEnv(env: NodeJS.ProcessEnv = process.env): AiConfig | null {
  const baseUrl = setting('aiBaseUrl', env);
  const apiKey = setting('aiApiKey', env);
  const model = setting('aiModel', env);
  return baseUrl && apiKey && model ? { baseUrl, apiKey, model } : null;
}
