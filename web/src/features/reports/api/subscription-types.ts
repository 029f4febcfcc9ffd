/**
 * Scheduled reports' shapes of the api (issue 35, item 3), from the generated contract: a
 * report's filter saved as a subscription, delivered each period (each shift's end, daily,
 * weekly, monthly) as PDF, XLSX or CSV to its recipients; and the deliveries of its periods.
 */
import type { Schema } from '@/lib/api-client';
import type { ReportLayout } from '../utils/pdf-request';

/** A subscription as read: with its owner, its zone and its next delivery. */
export type Subscription = Schema<'Subscription'>;
/** A subscription as written (`/add`, `/edit/{id}`). */
export type SubscriptionInput = Schema<'SubscriptionInput'>;
/** One period's delivery: its status, tries, file and last error. */
export type ReportDelivery = Schema<'ReportDelivery'>;

/** What a report screen hands the "Deliver this" dialog: the report, its filters and layout. */
export interface DeliverySource {
  /** The report call's last path segment (`totalweightgroupedby`). */
  report: string;
  /** The report's query without the range (each period gives its own) and without paging. */
  filters: Record<string, string>;
  layout: ReportLayout;
  /** The report's heading: the subscription's name unless changed. */
  heading: string;
}

/** Deliveries per page of a subscription's history. */
export const DELIVERY_PAGE = 25;
