/** The sell-page blocks this folder offers; each takes already-resolved config Data and visitor facts as props. */
export { HiredByBlade } from './HiredByBlade';
export { MoneyBackBanner } from './MoneyBackBanner';
export { EfficacyBanner } from './EfficacyBanner';
export { AppBlade } from './AppBlade';
export { PaymentLogos } from './PaymentLogos';
export { DisclaimerList } from './DisclaimerList';
