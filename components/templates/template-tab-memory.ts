/**
 * The template type last used (spec: the template tab is remembered; default text), kept in the
 * browser. Written wherever a type is used (a tab, a ?type= address, the editor of that type), so
 * /campaigns/templates opened directly shows the type last used however it was reached.
 */
export const TEMPLATE_TAB_KEY = 'starloop.templateType';

export type TemplateTab = 'text' | 'email';

export function rememberTemplateTab(tab: TemplateTab): void {
  try {
    window.localStorage.setItem(TEMPLATE_TAB_KEY, tab);
  } catch {
    // Storage refused (private mode, quota): the default tab shows next time.
  }
}

export function rememberedTemplateTab(): TemplateTab | null {
  try {
    const saved = window.localStorage.getItem(TEMPLATE_TAB_KEY);
    return saved === 'email' || saved === 'text' ? saved : null;
  } catch {
    return null;
  }
}
