import { PRODUCT_NAME } from '../../../../../shared/product.ts';

/** The product mark and name. */
export function Logo() {
  return (
    <>
      <img src="/favicon.svg" alt="" width="28" height="28" />
      <span>{PRODUCT_NAME}</span>
    </>
  );
}
