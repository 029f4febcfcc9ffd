// Re-embed the migrations when one is added or changed (sqlx::migrate! reads them at build time).
fn main() {
    println!("cargo:rerun-if-changed=../sql");
}
