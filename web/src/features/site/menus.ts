import type { SiteLanguage } from '../../../../shared/languages.ts';
import type { FeatureSlug, SolutionSlug } from '../../../../shared/site/site-pages.ts';
import { EXTERNAL_LINKS, type ExternalLink } from './links.ts';

/** One entry of a menu (section 3: name, url, isExternal, showOnTablet, eventKey). */
export interface MenuItem {
  /** i18n key of the visible name. */
  name: string;
  url: string;
  isExternal: boolean;
  /** Shown in the header between the mobile breakpoint and the desktop one; else only in the menu. */
  showOnTablet: boolean;
  /** The analytics action logged on a click. */
  eventKey: string;
}

/** A top-level header menu: a link, or a dropdown of links (optionally in titled groups). */
export type HeaderMenu =
  | { kind: 'link'; item: MenuItem }
  | {
      kind: 'dropdown';
      name: string;
      eventKey: string;
      groups: Array<{ title?: string; items: MenuItem[] }>;
    };

/** The feature menu's groups in Korean and Japanese (section 2). */
export const FEATURE_GROUPS: ReadonlyArray<{ key: string; slugs: readonly FeatureSlug[] }> = [
  {
    key: 'subtitle',
    slugs: ['ai-video-subtitle', 'ai-subtitle-translation', 'subtitle-editing', 'srt-export'],
  },
  {
    key: 'document',
    slugs: ['text-based-video-editing', 'speech-editor', 'auto-silence-removal', 'video-summarizer'],
  },
  {
    key: 'assets',
    slugs: [
      'free-video-asset',
      'ai-voice',
      'text-to-speech',
      'ai-image-generator',
      'video-effects',
      'ai-thumbnail-creator',
    ],
  },
  {
    key: 'creation',
    slugs: ['generative-ai-tools', 'ai-shorts-maker', 'text-to-video', 'photo-to-video', 'ppt-to-video'],
  },
  {
    key: 'other',
    slugs: ['video-recording', 'smartphone-file-transfer', 'video-aspect-ratio-conversion', 'cloud-storage'],
  },
];

const SOLUTIONS: readonly SolutionSlug[] = [
  'creator-video-online',
  'business-marketing-video',
  'education-video',
];

const internal = (name: string, url: string, eventKey: string, showOnTablet = true): MenuItem => ({
  name,
  url,
  isExternal: false,
  showOnTablet,
  eventKey,
});

/** An outside link: in the header only from the desktop width up (tablets keep the product's own pages). */
const external = (link: ExternalLink, lang: SiteLanguage): MenuItem => ({
  name: `menu.${link}`,
  url: EXTERNAL_LINKS[link](lang),
  isExternal: true,
  showOnTablet: false,
  eventKey: `menu_${link}`,
});

const featureItem = (lang: SiteLanguage, slug: FeatureSlug): MenuItem =>
  internal(`feature-menu:${slug}.title`, `/${lang}/feature/${slug}`, `menu_feature_${slug}`);

function featureMenu(lang: SiteLanguage): HeaderMenu | undefined {
  if (lang === 'ko' || lang === 'ja') {
    return {
      kind: 'dropdown',
      name: 'menu.features',
      eventKey: 'menu_features',
      groups: FEATURE_GROUPS.map((group) => ({
        title: `feature-menu:group.${group.key}`,
        items: group.slugs.map((slug) => featureItem(lang, slug)),
      })),
    };
  }
  if (lang === 'en') {
    return {
      kind: 'dropdown',
      name: 'menu.features',
      eventKey: 'menu_features',
      groups: [
        { items: FEATURE_GROUPS.flatMap((group) => group.slugs.map((slug) => featureItem(lang, slug))) },
      ],
    };
  }
  return undefined;
}

/** A dropdown of one ungrouped list, named `menu.{name}`. */
function dropdown(name: string, items: MenuItem[]): HeaderMenu {
  return { kind: 'dropdown', name: `menu.${name}`, eventKey: `menu_${name}`, groups: [{ items }] };
}

/** The header's menus in a language (Pricing, login and the buttons are added by the header). */
export function headerMenus(lang: SiteLanguage): HeaderMenu[] {
  const menus: Array<HeaderMenu | undefined> = [featureMenu(lang)];
  if (lang === 'en') {
    menus.push(
      dropdown(
        'solutions',
        SOLUTIONS.map((slug) =>
          internal(`menu.solution.${slug}`, `/en/solutions/${slug}`, `menu_solution_${slug}`),
        ),
      ),
    );
  }
  if (lang === 'ja') {
    menus.push(
      dropdown('business', [
        internal('menu.case_study', '/ja/business/case-study', 'menu_case_study'),
        internal('menu.business_contact', '/ja/business/business-contact', 'menu_business_contact'),
      ]),
      dropdown('resources', [
        internal('menu.material', '/ja/resources/material', 'menu_material'),
        internal('menu.announce', '/ja/resources/announce', 'menu_announce'),
      ]),
    );
  }
  if (lang === 'ko') menus.push({ kind: 'link', item: internal('menu.blog', '/ko/blog/all', 'menu_blog') });
  menus.push({ kind: 'link', item: external('tutorial', lang) });
  if (lang !== 'ja') menus.push({ kind: 'link', item: external('community', lang) });
  return menus.filter((menu): menu is HeaderMenu => Boolean(menu));
}

/**
 * Where Pricing leads: the upgrade pricing when the path is in the upgrade flow, change-card in
 * the change-card flow, else the pricing page (section 2). A session guid travels along.
 */
export function pricingTarget(lang: SiteLanguage, pathname: string, guid: string | undefined): string {
  const query = guid ? `?guid=${encodeURIComponent(guid)}` : '';
  if (pathname.includes('upgrade')) return `/${lang}/payment/upgrade/pricepolicy${query}`;
  if (pathname.includes('change-card')) return `/${lang}/payment/change-card${query}`;
  return `/${lang}/payment/pricepolicy${query}`;
}

/** What the header hides on a path: Pricing and the language selector on orders; the selector also on upgrade and change-card. */
export function headerVisibility(pathname: string): { pricing: boolean; languageSelector: boolean } {
  const ordering = pathname.includes('order');
  return {
    pricing: !ordering,
    languageSelector: !ordering && !pathname.includes('upgrade') && !pathname.includes('change-card'),
  };
}

/** The footer's link columns in a language. */
export function footerColumns(lang: SiteLanguage): Array<{ title: string; items: MenuItem[] }> {
  const product: MenuItem[] = [internal('footer.pricing', `/${lang}/payment/pricepolicy`, 'footer_pricing')];
  if (lang === 'ko' || lang === 'ja' || lang === 'en')
    product.unshift(featureItem(lang, 'ai-video-subtitle'), featureItem(lang, 'ai-voice'));
  const resources: MenuItem[] = [
    external('tutorial', lang),
    external('community', lang),
    external('chat', lang),
  ];
  if (lang === 'ko') resources.push(internal('menu.blog', '/ko/blog/all', 'footer_blog'));
  if (lang === 'ja')
    resources.push(
      internal('menu.material', '/ja/resources/material', 'footer_material'),
      internal('menu.announce', '/ja/resources/announce', 'footer_announce'),
    );
  if (lang === 'en')
    resources.push(
      ...SOLUTIONS.map((slug) =>
        internal(`menu.solution.${slug}`, `/en/solutions/${slug}`, `footer_${slug}`),
      ),
    );
  const legal: MenuItem[] = [
    internal('footer.terms', `/${lang}/terms-of-service`, 'footer_terms'),
    internal('footer.privacy', `/${lang}/privacy-policy`, 'footer_privacy'),
    internal('footer.refund', `/${lang}/refund-policy`, 'footer_refund'),
    internal('footer.data_protection', `/${lang}/data-protection`, 'footer_data_protection'),
  ];
  if (lang === 'ja')
    legal.push(internal('footer.transaction_act', '/ja/transaction-act-details', 'footer_transaction_act'));
  const company: MenuItem[] = [external('company', lang)];
  if (lang === 'ja')
    company.push(internal('menu.business_contact', '/ja/business/business-contact', 'footer_contact'));
  return [
    { title: 'footer.product', items: product },
    { title: 'footer.resources', items: resources },
    { title: 'footer.company', items: company },
    { title: 'footer.legal', items: legal },
  ];
}
