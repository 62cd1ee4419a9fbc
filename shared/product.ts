/**
 * The product's own name, kept in one place. The specifications write `{product}` where it goes
 * (`{product}-mark`, `{product}Survey`, `load-{product}-survey`).
 */
export const PRODUCT_NAME = 'Cutloom';
export const PRODUCT_SLUG = 'cutloom';
