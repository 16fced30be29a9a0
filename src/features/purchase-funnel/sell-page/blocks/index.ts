/** The sell-page blocks this folder offers; each takes already-resolved config Data and visitor facts as props. */
export { HiredByBlade, type HiredByBladeProps } from './HiredByBlade';
export { TrustRating, type TrustRatingProps } from './TrustRating';
export { SocialProofCounter, type SocialProofCounterProps } from './SocialProofCounter';
export { LiveActivityFeed, type LiveActivityFeedProps } from './LiveActivityFeed';
export { MoneyBackBanner, type MoneyBackBannerProps } from './MoneyBackBanner';
export { EfficacyBanner, type EfficacyBannerProps } from './EfficacyBanner';
export { AppBlade, type AppBladeProps } from './AppBlade';
export { PaymentLogos, type PaymentLogosProps } from './PaymentLogos';
export { Breadcrumb, type BreadcrumbProps } from './Breadcrumb';
export { DocumentThumbnail, type DocumentThumbnailProps } from './DocumentThumbnail';
export { DisclaimerList, type DisclaimerListProps } from './DisclaimerList';
export { useLatestDocument, toThumbnailDocument } from './use-latest-document';
export type { HeadingLevel } from './BlockHeading';
