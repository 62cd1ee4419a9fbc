/** Where the promo videos are served from (the site's CSP allows media from here). */
export const MEDIA_ORIGIN = 'https://media.cutloom.app';
