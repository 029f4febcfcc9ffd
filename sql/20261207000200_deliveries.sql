-- Deliveries of finished feed to customers (issue 33, item 4): what a weighbridge or an ERP
-- records, each with the batches (and kilograms of each) that went onto the vehicle.
create table delivery (
    id uuid primary key,
    delivery_number text not null,
    customer_id uuid not null references customer (id),
    vehicle text,
    delivered_at timestamptz not null,
    created_at timestamptz not null default now(),
    created_by text,
    updated_at timestamptz not null default now(),
    updated_by text,
    deleted_at timestamptz,
    deleted_by text
);
create unique index delivery_number_key on delivery (lower(delivery_number)) where deleted_at is null;
create index delivery_customer on delivery (customer_id, delivered_at desc);
create index delivery_time on delivery (delivered_at desc);

-- The batches of a delivery: production data names them by line and batch number.
create table delivery_batch (
    delivery_id uuid not null references delivery (id),
    line_id text not null,
    batch_id text not null,
    kg double precision not null check (kg > 0),
    primary key (delivery_id, line_id, batch_id)
);
create index delivery_batch_batch on delivery_batch (line_id, batch_id);
