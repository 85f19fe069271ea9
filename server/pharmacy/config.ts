/**
 * The pharmacy order's settings (docs/orders.md): their types and defaults. PHARMACY_TAX_RATE,
 * DELIVERY_FEE and CLINIC_GSTIN are read, and listed, in server/config/pharmacy.ts.
 */
export interface PharmacyConfig {
  /** PHARMACY_TAX_RATE in basis points (1800 = 18 %), charged on an order's items; 0: none. */
  taxRateBp: number;
  /** DELIVERY_FEE in paise, added to an order delivered home; 0: free. */
  deliveryFeePaise: number;
  /** CLINIC_GSTIN: the clinic's GST number; set, an order's receipt is a tax invoice showing it. */
  gstin: string | null;
}

export const defaultPharmacyConfig: PharmacyConfig = { taxRateBp: 0, deliveryFeePaise: 0, gstin: null };
