-- SQL of test/alter4.test at a042e92ba000add36944422c988557f7555fa7f2 (public domain), extracted by extract_tcl.py
CREATE TEMP TABLE abc(a, b, c);
SELECT sql FROM sqlite_temp_master;
SELECT sql FROM temp.sqlite_master;
ALTER TABLE abc ADD d INTEGER;
SELECT sql FROM sqlite_temp_master;
SELECT sql FROM temp.sqlite_master;
ALTER TABLE abc ADD e;
SELECT sql FROM sqlite_temp_master;
SELECT sql FROM temp.sqlite_master;
CREATE TABLE temp.t1(a, b);
ALTER TABLE t1 ADD c;
SELECT sql FROM sqlite_temp_master WHERE tbl_name = 't1';
SELECT sql FROM temp.sqlite_master WHERE tbl_name = 't1';
ALTER TABLE t1 ADD d CHECK (a>d);
SELECT sql FROM sqlite_temp_master WHERE tbl_name = 't1';
CREATE TEMP TABLE t2(a, b, UNIQUE(a, b));
ALTER TABLE t2 ADD c REFERENCES t1(c)  ;
SELECT sql FROM sqlite_temp_master
       WHERE tbl_name = 't2' AND type = 'table';
CREATE TEMPORARY TABLE t3(a, b, UNIQUE(a, b));
ALTER TABLE t3 ADD COLUMN c VARCHAR(10, 20);
SELECT sql FROM sqlite_temp_master
     WHERE tbl_name = 't3' AND type = 'table';
# May not exist if foreign-keys are omitted at compile time.
    DROP TABLE t2;
DROP TABLE abc;
DROP TABLE t1;
DROP TABLE t3;
CREATE TABLE temp.t1(a, b);
INSERT INTO t1 VALUES(1,2);
ALTER TABLE t1 ADD c PRIMARY KEY;
ALTER TABLE t1 ADD c UNIQUE
  ;
ALTER TABLE t1 ADD b VARCHAR(10)
  ;
ALTER TABLE t1 ADD c NOT NULL;
ALTER TABLE t1 ADD c NOT NULL DEFAULT 10;
CREATE TEMPORARY VIEW v1 AS SELECT * FROM t1;
alter table v1 add column d;
alter table t1 add column d default (-5+1);
DROP TABLE t1;
CREATE TEMP TABLE t1(a, b);
INSERT INTO t1 VALUES(1, 100);
INSERT INTO t1 VALUES(2, 300);
SELECT * FROM t1;
PRAGMA schema_version = 10;
ALTER TABLE t1 ADD c;
SELECT * FROM t1;
PRAGMA schema_version;
-- new database
CREATE TEMP TABLE t1(a, b);
INSERT INTO t1 VALUES(1, 100);
INSERT INTO t1 VALUES(2, 300);
SELECT * FROM t1;
PRAGMA schema_version = 20;
ALTER TABLE t1 ADD c DEFAULT 'hello world';
SELECT * FROM t1;
PRAGMA schema_version;
DROP TABLE t1;
CREATE TEMP TABLE t1(a, b);
INSERT INTO t1 VALUES(1, 'one');
INSERT INTO t1 VALUES(2, 'two');
CREATE TABLE aux.t1 AS SELECT * FROM t1;
PRAGMA aux.schema_version = 30;
SELECT sql FROM aux.sqlite_master;
ALTER TABLE aux.t1 ADD COLUMN c VARCHAR(128);
SELECT sql FROM aux.sqlite_master;
SELECT * FROM aux.t1;
PRAGMA aux.schema_version;
ALTER TABLE aux.t1 ADD COLUMN d DEFAULT 1000;
SELECT sql FROM aux.sqlite_master;
SELECT * FROM aux.t1;
PRAGMA aux.schema_version;
SELECT * FROM t1;
DROP TABLE aux.t1;
DROP TABLE t1;
CREATE TEMP TABLE t1(a, b);
CREATE TEMP TABLE log(trig, a, b);
CREATE TRIGGER t1_a AFTER INSERT ON t1 BEGIN
        INSERT INTO log VALUES('a', new.a, new.b);
      END;
CREATE TEMP TRIGGER t1_b AFTER INSERT ON t1 BEGIN
        INSERT INTO log VALUES('b', new.a, new.b);
      END;
INSERT INTO t1 VALUES(1, 2);
SELECT * FROM log ORDER BY trig, a, b;
ALTER TABLE t1 ADD COLUMN c DEFAULT 'c';
INSERT INTO t1(a, b) VALUES(3, 4);
SELECT * FROM log ORDER BY trig, a, b;
CREATE TEMP TABLE t4(c1);
SELECT sql FROM sqlite_temp_master WHERE name = 't4';
CREATE TABLE t5(
    a INTEGER DEFAULT -9223372036854775808,
    b INTEGER DEFAULT (-(-9223372036854775808))
  );
INSERT INTO t5 DEFAULT VALUES;
SELECT typeof(a), a, typeof(b), b FROM t5;
ALTER TABLE t5 ADD COLUMN c INTEGER DEFAULT (-(-9223372036854775808));
SELECT typeof(c), c FROM t5;
CREATE TABLE t1(a,b,c);
CREATE INDEX t1a ON t1(a DESC);
INSERT INTO t1 VALUES(1,2,3);
INSERT INTO t1 VALUES(2,3,4);
ALTER TABLE t1 ADD COLUMN d;
PRAGMA integrity_check;
-- new database
CREATE TABLE t1(c INTEGER PRIMARY KEY, d);
INSERT INTO t1(c,d) VALUES(1,2);
PRAGMA foreign_keys = on;
ALTER TABLE t1 ADD COLUMN e;
ALTER TABLE t1 ADD COLUMN f REFERENCES t1;
ALTER TABLE t1 ADD COLUMN g REFERENCES t1 DEFAULT 4;
ALTER TABLE t2 ADD COLUMN g;
CREATE VIRTUAL TABLE fff USING fts5(f);
ALTER TABLE fff ADD COLUMN g;
