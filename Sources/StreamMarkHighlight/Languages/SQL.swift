extension LanguageDefinition {
    /// SQL (ANSI with the common PostgreSQL, MySQL and SQLite words).
    static let sql = LanguageDefinition(
        names: ["sql", "postgresql", "postgres", "psql", "mysql", "sqlite", "plsql", "tsql", "pgsql"],
        keywords: """
            add all alter and any as asc autoincrement auto_increment begin between by cascade case check \
            column commit constraint create cross current_date current_time current_timestamp database \
            default delete desc distinct drop else end escape except exists explain foreign from full \
            function grant group having if in index inner insert intersect into is join key left like limit \
            natural not null offset on or order outer over partition primary procedure references rename \
            replace returning revoke right rollback row rows schema select set table temporary then to \
            transaction trigger truncate union unique update using values view when where window with \
            without returns language declare exec execute fetch cursor for loop while do authorization
            """,
        builtIns: """
            avg count max min sum coalesce nullif cast convert lower upper length substring trim now \
            round abs concat ifnull isnull row_number rank dense_rank lag lead extract date_trunc \
            int integer smallint bigint serial bigserial decimal numeric real float double precision \
            char varchar text boolean bool date time timestamp timestamptz interval uuid json jsonb blob \
            bytea money tinyint mediumint datetime nvarchar nchar bit varbinary binary clob
            """,
        literals: "true false unknown",
        caseInsensitive: true,
        lineComments: ["--", "#"],
        blockComments: [DelimitedRule(open: "/*", close: "*/")],
        strings: [
            StringRule(open: "'", close: "'", escapes: false, doubledCloserEscapes: true, multiline: true),
            StringRule(
                open: "'", close: "'", doubledCloserEscapes: true, multiline: true, prefixes: ["e", "n"],
                needsPrefix: true),
            StringRule(
                open: "\"", close: "\"", kind: .name, escapes: false, doubledCloserEscapes: true, multiline: true),
            StringRule(open: "`", close: "`", kind: .name, escapes: false, multiline: true),
        ]
    )
}
