-- SQL of test/boundary3.test at a042e92ba000add36944422c988557f7555fa7f2 (public domain), extracted by extract_tcl.py
CREATE TABLE t1(a,x);
INSERT INTO t1(oid,a,x) VALUES(-8388609,1,'ffffffffff7fffff');
INSERT INTO t1(oid,a,x) VALUES(-36028797018963969,2,'ff7fffffffffffff');
INSERT INTO t1(oid,a,x) VALUES(9223372036854775807,3,'7fffffffffffffff');
INSERT INTO t1(oid,a,x) VALUES(127,4,'000000000000007f');
INSERT INTO t1(oid,a,x) VALUES(3,5,'0000000000000003');
INSERT INTO t1(oid,a,x) VALUES(16777216,6,'0000000001000000');
INSERT INTO t1(oid,a,x) VALUES(4398046511103,7,'000003ffffffffff');
INSERT INTO t1(oid,a,x) VALUES(16383,8,'0000000000003fff');
INSERT INTO t1(oid,a,x) VALUES(16777215,9,'0000000000ffffff');
INSERT INTO t1(oid,a,x) VALUES(281474976710655,10,'0000ffffffffffff');
INSERT INTO t1(oid,a,x) VALUES(-2147483648,11,'ffffffff80000000');
INSERT INTO t1(oid,a,x) VALUES(268435455,12,'000000000fffffff');
INSERT INTO t1(oid,a,x) VALUES(562949953421311,13,'0001ffffffffffff');
INSERT INTO t1(oid,a,x) VALUES(4294967295,14,'00000000ffffffff');
INSERT INTO t1(oid,a,x) VALUES(2097151,15,'00000000001fffff');
INSERT INTO t1(oid,a,x) VALUES(16384,16,'0000000000004000');
INSERT INTO t1(oid,a,x) VALUES(72057594037927935,17,'00ffffffffffffff');
INSERT INTO t1(oid,a,x) VALUES(8388607,18,'00000000007fffff');
INSERT INTO t1(oid,a,x) VALUES(1099511627776,19,'0000010000000000');
INSERT INTO t1(oid,a,x) VALUES(2147483647,20,'000000007fffffff');
INSERT INTO t1(oid,a,x) VALUES(-140737488355329,21,'ffff7fffffffffff');
INSERT INTO t1(oid,a,x) VALUES(34359738368,22,'0000000800000000');
INSERT INTO t1(oid,a,x) VALUES(32767,23,'0000000000007fff');
INSERT INTO t1(oid,a,x) VALUES(8388608,24,'0000000000800000');
INSERT INTO t1(oid,a,x) VALUES(140737488355327,25,'00007fffffffffff');
INSERT INTO t1(oid,a,x) VALUES(281474976710656,26,'0001000000000000');
INSERT INTO t1(oid,a,x) VALUES(36028797018963967,27,'007fffffffffffff');
INSERT INTO t1(oid,a,x) VALUES(72057594037927936,28,'0100000000000000');
INSERT INTO t1(oid,a,x) VALUES(-32769,29,'ffffffffffff7fff');
INSERT INTO t1(oid,a,x) VALUES(255,30,'00000000000000ff');
INSERT INTO t1(oid,a,x) VALUES(4,31,'0000000000000004');
INSERT INTO t1(oid,a,x) VALUES(-32768,32,'ffffffffffff8000');
INSERT INTO t1(oid,a,x) VALUES(-2,33,'fffffffffffffffe');
INSERT INTO t1(oid,a,x) VALUES(140737488355328,34,'0000800000000000');
INSERT INTO t1(oid,a,x) VALUES(549755813888,35,'0000008000000000');
INSERT INTO t1(oid,a,x) VALUES(4294967296,36,'0000000100000000');
INSERT INTO t1(oid,a,x) VALUES(-8388608,37,'ffffffffff800000');
INSERT INTO t1(oid,a,x) VALUES(-1,38,'ffffffffffffffff');
INSERT INTO t1(oid,a,x) VALUES(34359738367,39,'00000007ffffffff');
INSERT INTO t1(oid,a,x) VALUES(268435456,40,'0000000010000000');
INSERT INTO t1(oid,a,x) VALUES(2,41,'0000000000000002');
INSERT INTO t1(oid,a,x) VALUES(2097152,42,'0000000000200000');
INSERT INTO t1(oid,a,x) VALUES(562949953421312,43,'0002000000000000');
INSERT INTO t1(oid,a,x) VALUES(-140737488355328,44,'ffff800000000000');
INSERT INTO t1(oid,a,x) VALUES(36028797018963968,45,'0080000000000000');
INSERT INTO t1(oid,a,x) VALUES(549755813887,46,'0000007fffffffff');
INSERT INTO t1(oid,a,x) VALUES(-2147483649,47,'ffffffff7fffffff');
INSERT INTO t1(oid,a,x) VALUES(65535,48,'000000000000ffff');
INSERT INTO t1(oid,a,x) VALUES(128,49,'0000000000000080');
INSERT INTO t1(oid,a,x) VALUES(32768,50,'0000000000008000');
INSERT INTO t1(oid,a,x) VALUES(2147483648,51,'0000000080000000');
INSERT INTO t1(oid,a,x) VALUES(-3,52,'fffffffffffffffd');
INSERT INTO t1(oid,a,x) VALUES(-128,53,'ffffffffffffff80');
INSERT INTO t1(oid,a,x) VALUES(-129,54,'ffffffffffffff7f');
INSERT INTO t1(oid,a,x) VALUES(-9223372036854775808,55,'8000000000000000');
INSERT INTO t1(oid,a,x) VALUES(4398046511104,56,'0000040000000000');
INSERT INTO t1(oid,a,x) VALUES(1099511627775,57,'000000ffffffffff');
INSERT INTO t1(oid,a,x) VALUES(-549755813889,58,'ffffff7fffffffff');
INSERT INTO t1(oid,a,x) VALUES(0,59,'0000000000000000');
INSERT INTO t1(oid,a,x) VALUES(1,60,'0000000000000001');
INSERT INTO t1(oid,a,x) VALUES(256,61,'0000000000000100');
INSERT INTO t1(oid,a,x) VALUES(65536,62,'0000000000010000');
INSERT INTO t1(oid,a,x) VALUES(-549755813888,63,'ffffff8000000000');
INSERT INTO t1(oid,a,x) VALUES(-36028797018963968,64,'ff80000000000000');
CREATE INDEX t1i1 ON t1(a);
CREATE INDEX t1i2 ON t1(x);
SELECT count(*) FROM t1
  ;
CREATE TABLE t2(r,a);
INSERT INTO t2 SELECT rowid, a FROM t1;
CREATE INDEX t2i1 ON t2(r);
CREATE INDEX t2i2 ON t2(a);
INSERT INTO t2 VALUES(9.22337303685477580800e+18,65);
INSERT INTO t2 VALUES(-9.22337303685477580800e+18,66);
SELECT count(*) FROM t2;
SELECT t1.* FROM t1, t2 WHERE t1.rowid=72057594037927935 AND t2.a=t1.a
  ;
SELECT t2.* FROM t1 JOIN t2 USING(a) WHERE x='00ffffffffffffff'
  ;
SELECT t1.rowid, x FROM t1 JOIN t2 ON t2.r=t1.rowid WHERE t2.a=17
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid > 72057594037927935 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid > 72057594037927935 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=17
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=17
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=17
     ORDER BY x
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid >= 72057594037927935 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid >= 72057594037927935 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=17
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=17
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=17
     ORDER BY x
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid < 72057594037927935 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid < 72057594037927935 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=17
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=17
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=17
     ORDER BY x
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid <= 72057594037927935 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid <= 72057594037927935 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=17
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=17
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=17
     ORDER BY x
  ;
SELECT t1.* FROM t1, t2 WHERE t1.rowid=16384 AND t2.a=t1.a
  ;
SELECT t2.* FROM t1 JOIN t2 USING(a) WHERE x='0000000000004000'
  ;
SELECT t1.rowid, x FROM t1 JOIN t2 ON t2.r=t1.rowid WHERE t2.a=16
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid > 16384 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid > 16384 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=16
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=16
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=16
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=16
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=16
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid >= 16384 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid >= 16384 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=16
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=16
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=16
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=16
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=16
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid < 16384 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid < 16384 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=16
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=16
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=16
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=16
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=16
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid <= 16384 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid <= 16384 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=16
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=16
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=16
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=16
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=16
     ORDER BY t1.rowid DESC
  ;
SELECT t1.* FROM t1, t2 WHERE t1.rowid=4294967296 AND t2.a=t1.a
  ;
SELECT t2.* FROM t1 JOIN t2 USING(a) WHERE x='0000000100000000'
  ;
SELECT t1.rowid, x FROM t1 JOIN t2 ON t2.r=t1.rowid WHERE t2.a=36
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid > 4294967296 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid > 4294967296 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=36
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=36
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=36
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=36
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=36
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid >= 4294967296 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid >= 4294967296 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=36
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=36
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=36
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=36
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=36
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid < 4294967296 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid < 4294967296 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=36
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=36
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=36
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=36
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=36
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid <= 4294967296 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid <= 4294967296 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=36
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=36
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=36
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=36
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=36
     ORDER BY t1.rowid DESC
  ;
SELECT t1.* FROM t1, t2 WHERE t1.rowid=16777216 AND t2.a=t1.a
  ;
SELECT t2.* FROM t1 JOIN t2 USING(a) WHERE x='0000000001000000'
  ;
SELECT t1.rowid, x FROM t1 JOIN t2 ON t2.r=t1.rowid WHERE t2.a=6
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid > 16777216 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid > 16777216 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=6
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=6
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=6
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=6
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=6
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid >= 16777216 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid >= 16777216 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=6
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=6
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=6
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=6
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=6
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid < 16777216 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid < 16777216 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=6
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=6
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=6
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=6
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=6
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid <= 16777216 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid <= 16777216 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=6
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=6
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=6
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=6
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=6
     ORDER BY t1.rowid DESC
  ;
SELECT t1.* FROM t1, t2 WHERE t1.rowid=-32769 AND t2.a=t1.a
  ;
SELECT t2.* FROM t1 JOIN t2 USING(a) WHERE x='ffffffffffff7fff'
  ;
SELECT t1.rowid, x FROM t1 JOIN t2 ON t2.r=t1.rowid WHERE t2.a=29
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid > -32769 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid > -32769 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=29
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=29
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=29
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=29
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=29
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid >= -32769 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid >= -32769 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=29
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=29
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=29
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=29
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=29
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid < -32769 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid < -32769 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=29
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=29
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=29
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=29
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=29
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid <= -32769 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid <= -32769 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=29
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=29
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=29
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=29
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=29
     ORDER BY t1.rowid DESC
  ;
SELECT t1.* FROM t1, t2 WHERE t1.rowid=-140737488355329 AND t2.a=t1.a
  ;
SELECT t2.* FROM t1 JOIN t2 USING(a) WHERE x='ffff7fffffffffff'
  ;
SELECT t1.rowid, x FROM t1 JOIN t2 ON t2.r=t1.rowid WHERE t2.a=21
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid > -140737488355329 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid > -140737488355329 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=21
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=21
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=21
     ORDER BY x
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid >= -140737488355329 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid >= -140737488355329 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=21
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=21
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=21
     ORDER BY x
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid < -140737488355329 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid < -140737488355329 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=21
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=21
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=21
     ORDER BY x
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid <= -140737488355329 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid <= -140737488355329 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=21
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=21
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=21
     ORDER BY x
  ;
SELECT t1.* FROM t1, t2 WHERE t1.rowid=2 AND t2.a=t1.a
  ;
SELECT t2.* FROM t1 JOIN t2 USING(a) WHERE x='0000000000000002'
  ;
SELECT t1.rowid, x FROM t1 JOIN t2 ON t2.r=t1.rowid WHERE t2.a=41
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid > 2 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid > 2 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=41
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=41
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=41
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=41
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=41
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid >= 2 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid >= 2 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=41
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=41
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=41
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=41
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=41
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid < 2 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid < 2 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=41
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=41
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=41
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=41
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=41
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid <= 2 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid <= 2 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=41
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=41
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=41
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=41
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=41
     ORDER BY t1.rowid DESC
  ;
SELECT t1.* FROM t1, t2 WHERE t1.rowid=4 AND t2.a=t1.a
  ;
SELECT t2.* FROM t1 JOIN t2 USING(a) WHERE x='0000000000000004'
  ;
SELECT t1.rowid, x FROM t1 JOIN t2 ON t2.r=t1.rowid WHERE t2.a=31
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid > 4 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid > 4 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=31
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=31
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=31
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=31
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=31
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid >= 4 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid >= 4 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=31
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=31
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=31
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=31
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=31
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid < 4 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid < 4 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=31
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=31
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=31
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=31
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=31
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid <= 4 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid <= 4 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=31
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=31
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=31
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=31
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=31
     ORDER BY t1.rowid DESC
  ;
SELECT t1.* FROM t1, t2 WHERE t1.rowid=562949953421311 AND t2.a=t1.a
  ;
SELECT t2.* FROM t1 JOIN t2 USING(a) WHERE x='0001ffffffffffff'
  ;
SELECT t1.rowid, x FROM t1 JOIN t2 ON t2.r=t1.rowid WHERE t2.a=13
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid > 562949953421311 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid > 562949953421311 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=13
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=13
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=13
     ORDER BY x
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid >= 562949953421311 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid >= 562949953421311 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=13
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=13
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=13
     ORDER BY x
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid < 562949953421311 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid < 562949953421311 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=13
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=13
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=13
     ORDER BY x
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid <= 562949953421311 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid <= 562949953421311 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=13
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=13
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=13
     ORDER BY x
  ;
SELECT t1.* FROM t1, t2 WHERE t1.rowid=256 AND t2.a=t1.a
  ;
SELECT t2.* FROM t1 JOIN t2 USING(a) WHERE x='0000000000000100'
  ;
SELECT t1.rowid, x FROM t1 JOIN t2 ON t2.r=t1.rowid WHERE t2.a=61
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid > 256 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid > 256 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=61
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=61
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=61
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=61
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=61
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid >= 256 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid >= 256 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=61
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=61
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=61
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=61
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=61
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid < 256 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid < 256 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=61
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=61
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=61
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=61
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=61
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid <= 256 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid <= 256 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=61
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=61
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=61
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=61
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=61
     ORDER BY t1.rowid DESC
  ;
SELECT t1.* FROM t1, t2 WHERE t1.rowid=34359738368 AND t2.a=t1.a
  ;
SELECT t2.* FROM t1 JOIN t2 USING(a) WHERE x='0000000800000000'
  ;
SELECT t1.rowid, x FROM t1 JOIN t2 ON t2.r=t1.rowid WHERE t2.a=22
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid > 34359738368 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid > 34359738368 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=22
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=22
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=22
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=22
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=22
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid >= 34359738368 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid >= 34359738368 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=22
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=22
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=22
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=22
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=22
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid < 34359738368 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid < 34359738368 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=22
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=22
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=22
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=22
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=22
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid <= 34359738368 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid <= 34359738368 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=22
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=22
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=22
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=22
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=22
     ORDER BY t1.rowid DESC
  ;
SELECT t1.* FROM t1, t2 WHERE t1.rowid=65536 AND t2.a=t1.a
  ;
SELECT t2.* FROM t1 JOIN t2 USING(a) WHERE x='0000000000010000'
  ;
SELECT t1.rowid, x FROM t1 JOIN t2 ON t2.r=t1.rowid WHERE t2.a=62
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid > 65536 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid > 65536 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=62
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=62
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=62
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=62
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=62
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid >= 65536 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid >= 65536 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=62
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=62
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=62
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=62
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=62
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid < 65536 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid < 65536 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=62
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=62
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=62
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=62
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=62
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid <= 65536 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid <= 65536 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=62
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=62
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=62
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=62
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=62
     ORDER BY t1.rowid DESC
  ;
SELECT t1.* FROM t1, t2 WHERE t1.rowid=268435456 AND t2.a=t1.a
  ;
SELECT t2.* FROM t1 JOIN t2 USING(a) WHERE x='0000000010000000'
  ;
SELECT t1.rowid, x FROM t1 JOIN t2 ON t2.r=t1.rowid WHERE t2.a=40
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid > 268435456 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid > 268435456 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=40
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=40
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=40
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=40
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=40
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid >= 268435456 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid >= 268435456 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=40
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=40
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=40
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=40
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=40
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid < 268435456 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid < 268435456 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=40
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=40
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=40
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=40
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=40
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid <= 268435456 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid <= 268435456 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=40
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=40
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=40
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=40
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=40
     ORDER BY t1.rowid DESC
  ;
SELECT t1.* FROM t1, t2 WHERE t1.rowid=-140737488355328 AND t2.a=t1.a
  ;
SELECT t2.* FROM t1 JOIN t2 USING(a) WHERE x='ffff800000000000'
  ;
SELECT t1.rowid, x FROM t1 JOIN t2 ON t2.r=t1.rowid WHERE t2.a=44
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid > -140737488355328 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid > -140737488355328 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=44
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=44
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=44
     ORDER BY x
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid >= -140737488355328 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid >= -140737488355328 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=44
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=44
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=44
     ORDER BY x
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid < -140737488355328 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid < -140737488355328 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=44
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=44
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=44
     ORDER BY x
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid <= -140737488355328 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid <= -140737488355328 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=44
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=44
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=44
     ORDER BY x
  ;
SELECT t1.* FROM t1, t2 WHERE t1.rowid=1099511627776 AND t2.a=t1.a
  ;
SELECT t2.* FROM t1 JOIN t2 USING(a) WHERE x='0000010000000000'
  ;
SELECT t1.rowid, x FROM t1 JOIN t2 ON t2.r=t1.rowid WHERE t2.a=19
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid > 1099511627776 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid > 1099511627776 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=19
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=19
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=19
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=19
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=19
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid >= 1099511627776 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid >= 1099511627776 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=19
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=19
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=19
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=19
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=19
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid < 1099511627776 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid < 1099511627776 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=19
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=19
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=19
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=19
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=19
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid <= 1099511627776 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid <= 1099511627776 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=19
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=19
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=19
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=19
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=19
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid > 9223372036854775807 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid > 9223372036854775807 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=3
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=3
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=3
     ORDER BY x
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid >= 9223372036854775807 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid >= 9223372036854775807 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=3
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=3
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=3
     ORDER BY x
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid < 9223372036854775807 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid < 9223372036854775807 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=3
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=3
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=3
     ORDER BY x
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid <= 9223372036854775807 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid <= 9223372036854775807 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=3
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=3
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=3
     ORDER BY x
  ;
SELECT t1.* FROM t1, t2 WHERE t1.rowid=32768 AND t2.a=t1.a
  ;
SELECT t2.* FROM t1 JOIN t2 USING(a) WHERE x='0000000000008000'
  ;
SELECT t1.rowid, x FROM t1 JOIN t2 ON t2.r=t1.rowid WHERE t2.a=50
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid > 32768 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid > 32768 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=50
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=50
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=50
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=50
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=50
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid >= 32768 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid >= 32768 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=50
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=50
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=50
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=50
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=50
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid < 32768 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid < 32768 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=50
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=50
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=50
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=50
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=50
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid <= 32768 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid <= 32768 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=50
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=50
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=50
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=50
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=50
     ORDER BY t1.rowid DESC
  ;
SELECT t1.* FROM t1, t2 WHERE t1.rowid=-36028797018963968 AND t2.a=t1.a
  ;
SELECT t2.* FROM t1 JOIN t2 USING(a) WHERE x='ff80000000000000'
  ;
SELECT t1.rowid, x FROM t1 JOIN t2 ON t2.r=t1.rowid WHERE t2.a=64
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid > -36028797018963968 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid > -36028797018963968 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=64
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=64
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=64
     ORDER BY x
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid >= -36028797018963968 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid >= -36028797018963968 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=64
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=64
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=64
     ORDER BY x
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid < -36028797018963968 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid < -36028797018963968 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=64
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=64
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=64
     ORDER BY x
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid <= -36028797018963968 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid <= -36028797018963968 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=64
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=64
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=64
     ORDER BY x
  ;
SELECT t1.* FROM t1, t2 WHERE t1.rowid=65535 AND t2.a=t1.a
  ;
SELECT t2.* FROM t1 JOIN t2 USING(a) WHERE x='000000000000ffff'
  ;
SELECT t1.rowid, x FROM t1 JOIN t2 ON t2.r=t1.rowid WHERE t2.a=48
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid > 65535 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid > 65535 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=48
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=48
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=48
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=48
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=48
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid >= 65535 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid >= 65535 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=48
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=48
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=48
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=48
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=48
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid < 65535 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid < 65535 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=48
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=48
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=48
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=48
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=48
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid <= 65535 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid <= 65535 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=48
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=48
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=48
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=48
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=48
     ORDER BY t1.rowid DESC
  ;
SELECT t1.* FROM t1, t2 WHERE t1.rowid=4294967295 AND t2.a=t1.a
  ;
SELECT t2.* FROM t1 JOIN t2 USING(a) WHERE x='00000000ffffffff'
  ;
SELECT t1.rowid, x FROM t1 JOIN t2 ON t2.r=t1.rowid WHERE t2.a=14
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid > 4294967295 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid > 4294967295 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=14
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=14
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=14
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=14
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=14
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid >= 4294967295 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid >= 4294967295 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=14
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=14
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=14
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=14
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=14
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid < 4294967295 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid < 4294967295 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=14
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=14
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=14
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=14
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=14
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid <= 4294967295 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid <= 4294967295 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=14
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=14
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=14
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=14
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=14
     ORDER BY t1.rowid DESC
  ;
SELECT t1.* FROM t1, t2 WHERE t1.rowid=1099511627775 AND t2.a=t1.a
  ;
SELECT t2.* FROM t1 JOIN t2 USING(a) WHERE x='000000ffffffffff'
  ;
SELECT t1.rowid, x FROM t1 JOIN t2 ON t2.r=t1.rowid WHERE t2.a=57
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid > 1099511627775 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid > 1099511627775 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=57
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=57
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=57
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=57
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=57
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid >= 1099511627775 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid >= 1099511627775 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=57
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=57
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=57
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=57
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=57
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid < 1099511627775 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid < 1099511627775 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=57
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=57
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=57
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=57
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=57
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid <= 1099511627775 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid <= 1099511627775 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=57
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=57
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=57
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=57
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=57
     ORDER BY t1.rowid DESC
  ;
SELECT t1.* FROM t1, t2 WHERE t1.rowid=-8388608 AND t2.a=t1.a
  ;
SELECT t2.* FROM t1 JOIN t2 USING(a) WHERE x='ffffffffff800000'
  ;
SELECT t1.rowid, x FROM t1 JOIN t2 ON t2.r=t1.rowid WHERE t2.a=37
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid > -8388608 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid > -8388608 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=37
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=37
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=37
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=37
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=37
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid >= -8388608 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid >= -8388608 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=37
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=37
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=37
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=37
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=37
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid < -8388608 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid < -8388608 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=37
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=37
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=37
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=37
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=37
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid <= -8388608 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid <= -8388608 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=37
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=37
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=37
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=37
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=37
     ORDER BY t1.rowid DESC
  ;
SELECT t1.* FROM t1, t2 WHERE t1.rowid=549755813888 AND t2.a=t1.a
  ;
SELECT t2.* FROM t1 JOIN t2 USING(a) WHERE x='0000008000000000'
  ;
SELECT t1.rowid, x FROM t1 JOIN t2 ON t2.r=t1.rowid WHERE t2.a=35
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid > 549755813888 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid > 549755813888 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=35
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=35
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=35
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=35
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=35
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid >= 549755813888 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid >= 549755813888 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=35
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=35
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=35
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=35
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=35
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid < 549755813888 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid < 549755813888 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=35
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=35
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=35
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=35
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=35
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid <= 549755813888 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid <= 549755813888 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=35
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=35
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=35
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=35
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=35
     ORDER BY t1.rowid DESC
  ;
SELECT t1.* FROM t1, t2 WHERE t1.rowid=8388607 AND t2.a=t1.a
  ;
SELECT t2.* FROM t1 JOIN t2 USING(a) WHERE x='00000000007fffff'
  ;
SELECT t1.rowid, x FROM t1 JOIN t2 ON t2.r=t1.rowid WHERE t2.a=18
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid > 8388607 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid > 8388607 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=18
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=18
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=18
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=18
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=18
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid >= 8388607 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid >= 8388607 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=18
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=18
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=18
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=18
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=18
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid < 8388607 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid < 8388607 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=18
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=18
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=18
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=18
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=18
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid <= 8388607 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid <= 8388607 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=18
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=18
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=18
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=18
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=18
     ORDER BY t1.rowid DESC
  ;
SELECT t1.* FROM t1, t2 WHERE t1.rowid=-3 AND t2.a=t1.a
  ;
SELECT t2.* FROM t1 JOIN t2 USING(a) WHERE x='fffffffffffffffd'
  ;
SELECT t1.rowid, x FROM t1 JOIN t2 ON t2.r=t1.rowid WHERE t2.a=52
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid > -3 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid > -3 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=52
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=52
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=52
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=52
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=52
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid >= -3 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid >= -3 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=52
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=52
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=52
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=52
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=52
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid < -3 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid < -3 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=52
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=52
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=52
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=52
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=52
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid <= -3 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid <= -3 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=52
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=52
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=52
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=52
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=52
     ORDER BY t1.rowid DESC
  ;
SELECT t1.* FROM t1, t2 WHERE t1.rowid=0 AND t2.a=t1.a
  ;
SELECT t2.* FROM t1 JOIN t2 USING(a) WHERE x='0000000000000000'
  ;
SELECT t1.rowid, x FROM t1 JOIN t2 ON t2.r=t1.rowid WHERE t2.a=59
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid > 0 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid > 0 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=59
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=59
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=59
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=59
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=59
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid >= 0 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid >= 0 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=59
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=59
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=59
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=59
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=59
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid < 0 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid < 0 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=59
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=59
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=59
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=59
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=59
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid <= 0 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid <= 0 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=59
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=59
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=59
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=59
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=59
     ORDER BY t1.rowid DESC
  ;
SELECT t1.* FROM t1, t2 WHERE t1.rowid=-1 AND t2.a=t1.a
  ;
SELECT t2.* FROM t1 JOIN t2 USING(a) WHERE x='ffffffffffffffff'
  ;
SELECT t1.rowid, x FROM t1 JOIN t2 ON t2.r=t1.rowid WHERE t2.a=38
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid > -1 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid > -1 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=38
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=38
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=38
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=38
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=38
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid >= -1 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid >= -1 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=38
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=38
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=38
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=38
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=38
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid < -1 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid < -1 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=38
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=38
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=38
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=38
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=38
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid <= -1 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid <= -1 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=38
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=38
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=38
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=38
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=38
     ORDER BY t1.rowid DESC
  ;
SELECT t1.* FROM t1, t2 WHERE t1.rowid=-2 AND t2.a=t1.a
  ;
SELECT t2.* FROM t1 JOIN t2 USING(a) WHERE x='fffffffffffffffe'
  ;
SELECT t1.rowid, x FROM t1 JOIN t2 ON t2.r=t1.rowid WHERE t2.a=33
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid > -2 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid > -2 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=33
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=33
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=33
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=33
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=33
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid >= -2 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid >= -2 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=33
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=33
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=33
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=33
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=33
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid < -2 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid < -2 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=33
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=33
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=33
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=33
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=33
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid <= -2 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid <= -2 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=33
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=33
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=33
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=33
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=33
     ORDER BY t1.rowid DESC
  ;
SELECT t1.* FROM t1, t2 WHERE t1.rowid=2097152 AND t2.a=t1.a
  ;
SELECT t2.* FROM t1 JOIN t2 USING(a) WHERE x='0000000000200000'
  ;
SELECT t1.rowid, x FROM t1 JOIN t2 ON t2.r=t1.rowid WHERE t2.a=42
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid > 2097152 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid > 2097152 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=42
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=42
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=42
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=42
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=42
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid >= 2097152 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid >= 2097152 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=42
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=42
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=42
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=42
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=42
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid < 2097152 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid < 2097152 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=42
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=42
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=42
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=42
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=42
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid <= 2097152 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid <= 2097152 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=42
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=42
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=42
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=42
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=42
     ORDER BY t1.rowid DESC
  ;
SELECT t1.* FROM t1, t2 WHERE t1.rowid=128 AND t2.a=t1.a
  ;
SELECT t2.* FROM t1 JOIN t2 USING(a) WHERE x='0000000000000080'
  ;
SELECT t1.rowid, x FROM t1 JOIN t2 ON t2.r=t1.rowid WHERE t2.a=49
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid > 128 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid > 128 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=49
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=49
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=49
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=49
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=49
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid >= 128 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid >= 128 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=49
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=49
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=49
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=49
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=49
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid < 128 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid < 128 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=49
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=49
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=49
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=49
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=49
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid <= 128 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid <= 128 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=49
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=49
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=49
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=49
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=49
     ORDER BY t1.rowid DESC
  ;
SELECT t1.* FROM t1, t2 WHERE t1.rowid=255 AND t2.a=t1.a
  ;
SELECT t2.* FROM t1 JOIN t2 USING(a) WHERE x='00000000000000ff'
  ;
SELECT t1.rowid, x FROM t1 JOIN t2 ON t2.r=t1.rowid WHERE t2.a=30
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid > 255 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid > 255 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=30
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=30
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=30
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=30
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=30
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid >= 255 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid >= 255 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=30
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=30
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=30
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=30
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=30
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid < 255 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid < 255 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=30
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=30
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=30
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=30
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=30
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid <= 255 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid <= 255 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=30
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=30
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=30
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=30
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=30
     ORDER BY t1.rowid DESC
  ;
SELECT t1.* FROM t1, t2 WHERE t1.rowid=-2147483648 AND t2.a=t1.a
  ;
SELECT t2.* FROM t1 JOIN t2 USING(a) WHERE x='ffffffff80000000'
  ;
SELECT t1.rowid, x FROM t1 JOIN t2 ON t2.r=t1.rowid WHERE t2.a=11
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid > -2147483648 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid > -2147483648 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=11
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=11
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=11
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=11
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=11
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid >= -2147483648 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid >= -2147483648 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=11
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=11
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=11
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=11
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=11
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid < -2147483648 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid < -2147483648 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=11
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=11
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=11
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=11
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=11
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid <= -2147483648 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid <= -2147483648 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=11
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=11
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=11
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=11
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=11
     ORDER BY t1.rowid DESC
  ;
SELECT t1.* FROM t1, t2 WHERE t1.rowid=34359738367 AND t2.a=t1.a
  ;
SELECT t2.* FROM t1 JOIN t2 USING(a) WHERE x='00000007ffffffff'
  ;
SELECT t1.rowid, x FROM t1 JOIN t2 ON t2.r=t1.rowid WHERE t2.a=39
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid > 34359738367 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid > 34359738367 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=39
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=39
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=39
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=39
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=39
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid >= 34359738367 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid >= 34359738367 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=39
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=39
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=39
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=39
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=39
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid < 34359738367 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid < 34359738367 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=39
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=39
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=39
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=39
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=39
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid <= 34359738367 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid <= 34359738367 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=39
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=39
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=39
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=39
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=39
     ORDER BY t1.rowid DESC
  ;
SELECT t1.* FROM t1, t2 WHERE t1.rowid=-549755813889 AND t2.a=t1.a
  ;
SELECT t2.* FROM t1 JOIN t2 USING(a) WHERE x='ffffff7fffffffff'
  ;
SELECT t1.rowid, x FROM t1 JOIN t2 ON t2.r=t1.rowid WHERE t2.a=58
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid > -549755813889 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid > -549755813889 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=58
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=58
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=58
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=58
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=58
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid >= -549755813889 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid >= -549755813889 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=58
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=58
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=58
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=58
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=58
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid < -549755813889 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid < -549755813889 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=58
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=58
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=58
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=58
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=58
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid <= -549755813889 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid <= -549755813889 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=58
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=58
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=58
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=58
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=58
     ORDER BY t1.rowid DESC
  ;
SELECT t1.* FROM t1, t2 WHERE t1.rowid=-32768 AND t2.a=t1.a
  ;
SELECT t2.* FROM t1 JOIN t2 USING(a) WHERE x='ffffffffffff8000'
  ;
SELECT t1.rowid, x FROM t1 JOIN t2 ON t2.r=t1.rowid WHERE t2.a=32
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid > -32768 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid > -32768 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=32
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=32
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=32
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=32
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=32
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid >= -32768 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid >= -32768 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=32
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=32
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=32
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=32
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=32
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid < -32768 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid < -32768 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=32
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=32
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=32
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=32
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=32
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid <= -32768 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid <= -32768 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=32
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=32
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=32
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=32
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=32
     ORDER BY t1.rowid DESC
  ;
SELECT t1.* FROM t1, t2 WHERE t1.rowid=2147483647 AND t2.a=t1.a
  ;
SELECT t2.* FROM t1 JOIN t2 USING(a) WHERE x='000000007fffffff'
  ;
SELECT t1.rowid, x FROM t1 JOIN t2 ON t2.r=t1.rowid WHERE t2.a=20
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid > 2147483647 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid > 2147483647 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=20
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=20
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=20
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=20
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=20
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid >= 2147483647 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid >= 2147483647 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=20
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=20
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=20
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=20
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=20
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid < 2147483647 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid < 2147483647 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=20
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=20
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=20
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=20
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=20
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid <= 2147483647 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid <= 2147483647 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=20
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=20
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=20
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=20
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=20
     ORDER BY t1.rowid DESC
  ;
SELECT t1.* FROM t1, t2 WHERE t1.rowid=-129 AND t2.a=t1.a
  ;
SELECT t2.* FROM t1 JOIN t2 USING(a) WHERE x='ffffffffffffff7f'
  ;
SELECT t1.rowid, x FROM t1 JOIN t2 ON t2.r=t1.rowid WHERE t2.a=54
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid > -129 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid > -129 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=54
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=54
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=54
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=54
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=54
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid >= -129 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid >= -129 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=54
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=54
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=54
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=54
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=54
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid < -129 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid < -129 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=54
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=54
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=54
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=54
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=54
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid <= -129 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid <= -129 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=54
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=54
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=54
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=54
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=54
     ORDER BY t1.rowid DESC
  ;
SELECT t1.* FROM t1, t2 WHERE t1.rowid=-128 AND t2.a=t1.a
  ;
SELECT t2.* FROM t1 JOIN t2 USING(a) WHERE x='ffffffffffffff80'
  ;
SELECT t1.rowid, x FROM t1 JOIN t2 ON t2.r=t1.rowid WHERE t2.a=53
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid > -128 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid > -128 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=53
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=53
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=53
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=53
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=53
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid >= -128 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid >= -128 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=53
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=53
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=53
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=53
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=53
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid < -128 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid < -128 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=53
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=53
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=53
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=53
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=53
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid <= -128 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid <= -128 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=53
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=53
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=53
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=53
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=53
     ORDER BY t1.rowid DESC
  ;
SELECT t1.* FROM t1, t2 WHERE t1.rowid=72057594037927936 AND t2.a=t1.a
  ;
SELECT t2.* FROM t1 JOIN t2 USING(a) WHERE x='0100000000000000'
  ;
SELECT t1.rowid, x FROM t1 JOIN t2 ON t2.r=t1.rowid WHERE t2.a=28
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid > 72057594037927936 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid > 72057594037927936 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=28
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=28
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=28
     ORDER BY x
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid >= 72057594037927936 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid >= 72057594037927936 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=28
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=28
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=28
     ORDER BY x
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid < 72057594037927936 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid < 72057594037927936 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=28
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=28
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=28
     ORDER BY x
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid <= 72057594037927936 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid <= 72057594037927936 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=28
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=28
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=28
     ORDER BY x
  ;
SELECT t1.* FROM t1, t2 WHERE t1.rowid=2147483648 AND t2.a=t1.a
  ;
SELECT t2.* FROM t1 JOIN t2 USING(a) WHERE x='0000000080000000'
  ;
SELECT t1.rowid, x FROM t1 JOIN t2 ON t2.r=t1.rowid WHERE t2.a=51
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid > 2147483648 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid > 2147483648 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=51
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=51
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=51
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=51
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=51
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid >= 2147483648 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid >= 2147483648 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=51
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=51
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=51
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=51
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=51
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid < 2147483648 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid < 2147483648 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=51
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=51
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=51
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=51
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=51
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid <= 2147483648 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid <= 2147483648 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=51
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=51
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=51
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=51
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=51
     ORDER BY t1.rowid DESC
  ;
SELECT t1.* FROM t1, t2 WHERE t1.rowid=549755813887 AND t2.a=t1.a
  ;
SELECT t2.* FROM t1 JOIN t2 USING(a) WHERE x='0000007fffffffff'
  ;
SELECT t1.rowid, x FROM t1 JOIN t2 ON t2.r=t1.rowid WHERE t2.a=46
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid > 549755813887 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid > 549755813887 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=46
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=46
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=46
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=46
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=46
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid >= 549755813887 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid >= 549755813887 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=46
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=46
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=46
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=46
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=46
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid < 549755813887 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid < 549755813887 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=46
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=46
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=46
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=46
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=46
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid <= 549755813887 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid <= 549755813887 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=46
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=46
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=46
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=46
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=46
     ORDER BY t1.rowid DESC
  ;
SELECT t1.* FROM t1, t2 WHERE t1.rowid=-549755813888 AND t2.a=t1.a
  ;
SELECT t2.* FROM t1 JOIN t2 USING(a) WHERE x='ffffff8000000000'
  ;
SELECT t1.rowid, x FROM t1 JOIN t2 ON t2.r=t1.rowid WHERE t2.a=63
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid > -549755813888 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid > -549755813888 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=63
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=63
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=63
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=63
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=63
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid >= -549755813888 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid >= -549755813888 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=63
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=63
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=63
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=63
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=63
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid < -549755813888 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid < -549755813888 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=63
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=63
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=63
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=63
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=63
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid <= -549755813888 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid <= -549755813888 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=63
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=63
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=63
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=63
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=63
     ORDER BY t1.rowid DESC
  ;
SELECT t1.* FROM t1, t2 WHERE t1.rowid=281474976710655 AND t2.a=t1.a
  ;
SELECT t2.* FROM t1 JOIN t2 USING(a) WHERE x='0000ffffffffffff'
  ;
SELECT t1.rowid, x FROM t1 JOIN t2 ON t2.r=t1.rowid WHERE t2.a=10
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid > 281474976710655 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid > 281474976710655 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=10
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=10
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=10
     ORDER BY x
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid >= 281474976710655 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid >= 281474976710655 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=10
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=10
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=10
     ORDER BY x
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid < 281474976710655 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid < 281474976710655 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=10
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=10
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=10
     ORDER BY x
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid <= 281474976710655 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid <= 281474976710655 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=10
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=10
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=10
     ORDER BY x
  ;
SELECT t1.* FROM t1, t2 WHERE t1.rowid=4398046511103 AND t2.a=t1.a
  ;
SELECT t2.* FROM t1 JOIN t2 USING(a) WHERE x='000003ffffffffff'
  ;
SELECT t1.rowid, x FROM t1 JOIN t2 ON t2.r=t1.rowid WHERE t2.a=7
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid > 4398046511103 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid > 4398046511103 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=7
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=7
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=7
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=7
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=7
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid >= 4398046511103 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid >= 4398046511103 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=7
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=7
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=7
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=7
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=7
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid < 4398046511103 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid < 4398046511103 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=7
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=7
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=7
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=7
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=7
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid <= 4398046511103 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid <= 4398046511103 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=7
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=7
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=7
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=7
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=7
     ORDER BY t1.rowid DESC
  ;
SELECT t1.* FROM t1, t2 WHERE t1.rowid=268435455 AND t2.a=t1.a
  ;
SELECT t2.* FROM t1 JOIN t2 USING(a) WHERE x='000000000fffffff'
  ;
SELECT t1.rowid, x FROM t1 JOIN t2 ON t2.r=t1.rowid WHERE t2.a=12
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid > 268435455 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid > 268435455 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=12
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=12
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=12
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=12
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=12
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid >= 268435455 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid >= 268435455 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=12
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=12
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=12
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=12
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=12
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid < 268435455 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid < 268435455 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=12
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=12
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=12
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=12
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=12
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid <= 268435455 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid <= 268435455 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=12
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=12
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=12
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=12
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=12
     ORDER BY t1.rowid DESC
  ;
SELECT t1.* FROM t1, t2 WHERE t1.rowid=-9223372036854775808 AND t2.a=t1.a
  ;
SELECT t2.* FROM t1 JOIN t2 USING(a) WHERE x='8000000000000000'
  ;
SELECT t1.rowid, x FROM t1 JOIN t2 ON t2.r=t1.rowid WHERE t2.a=55
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid > -9223372036854775808 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid > -9223372036854775808 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=55
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=55
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=55
     ORDER BY x
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid >= -9223372036854775808 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid >= -9223372036854775808 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=55
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=55
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=55
     ORDER BY x
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid < -9223372036854775808 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid < -9223372036854775808 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=55
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=55
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=55
     ORDER BY x
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid <= -9223372036854775808 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid <= -9223372036854775808 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=55
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=55
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=55
     ORDER BY x
  ;
SELECT t1.* FROM t1, t2 WHERE t1.rowid=562949953421312 AND t2.a=t1.a
  ;
SELECT t2.* FROM t1 JOIN t2 USING(a) WHERE x='0002000000000000'
  ;
SELECT t1.rowid, x FROM t1 JOIN t2 ON t2.r=t1.rowid WHERE t2.a=43
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid > 562949953421312 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid > 562949953421312 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=43
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=43
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=43
     ORDER BY x
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid >= 562949953421312 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid >= 562949953421312 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=43
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=43
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=43
     ORDER BY x
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid < 562949953421312 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid < 562949953421312 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=43
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=43
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=43
     ORDER BY x
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid <= 562949953421312 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid <= 562949953421312 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=43
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=43
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=43
     ORDER BY x
  ;
SELECT t1.* FROM t1, t2 WHERE t1.rowid=-8388609 AND t2.a=t1.a
  ;
SELECT t2.* FROM t1 JOIN t2 USING(a) WHERE x='ffffffffff7fffff'
  ;
SELECT t1.rowid, x FROM t1 JOIN t2 ON t2.r=t1.rowid WHERE t2.a=1
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid > -8388609 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid > -8388609 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=1
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=1
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=1
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=1
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=1
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid >= -8388609 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid >= -8388609 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=1
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=1
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=1
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=1
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=1
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid < -8388609 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid < -8388609 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=1
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=1
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=1
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=1
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=1
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid <= -8388609 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid <= -8388609 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=1
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=1
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=1
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=1
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=1
     ORDER BY t1.rowid DESC
  ;
SELECT t1.* FROM t1, t2 WHERE t1.rowid=16777215 AND t2.a=t1.a
  ;
SELECT t2.* FROM t1 JOIN t2 USING(a) WHERE x='0000000000ffffff'
  ;
SELECT t1.rowid, x FROM t1 JOIN t2 ON t2.r=t1.rowid WHERE t2.a=9
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid > 16777215 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid > 16777215 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=9
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=9
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=9
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=9
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=9
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid >= 16777215 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid >= 16777215 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=9
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=9
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=9
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=9
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=9
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid < 16777215 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid < 16777215 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=9
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=9
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=9
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=9
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=9
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid <= 16777215 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid <= 16777215 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=9
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=9
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=9
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=9
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=9
     ORDER BY t1.rowid DESC
  ;
SELECT t1.* FROM t1, t2 WHERE t1.rowid=8388608 AND t2.a=t1.a
  ;
SELECT t2.* FROM t1 JOIN t2 USING(a) WHERE x='0000000000800000'
  ;
SELECT t1.rowid, x FROM t1 JOIN t2 ON t2.r=t1.rowid WHERE t2.a=24
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid > 8388608 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid > 8388608 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=24
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=24
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=24
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=24
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=24
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid >= 8388608 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid >= 8388608 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=24
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=24
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=24
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=24
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=24
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid < 8388608 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid < 8388608 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=24
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=24
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=24
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=24
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=24
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid <= 8388608 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid <= 8388608 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=24
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=24
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=24
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=24
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=24
     ORDER BY t1.rowid DESC
  ;
SELECT t1.* FROM t1, t2 WHERE t1.rowid=16383 AND t2.a=t1.a
  ;
SELECT t2.* FROM t1 JOIN t2 USING(a) WHERE x='0000000000003fff'
  ;
SELECT t1.rowid, x FROM t1 JOIN t2 ON t2.r=t1.rowid WHERE t2.a=8
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid > 16383 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid > 16383 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=8
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=8
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=8
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=8
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=8
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid >= 16383 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid >= 16383 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=8
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=8
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=8
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=8
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=8
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid < 16383 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid < 16383 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=8
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=8
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=8
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=8
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=8
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid <= 16383 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid <= 16383 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=8
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=8
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=8
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=8
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=8
     ORDER BY t1.rowid DESC
  ;
SELECT t1.* FROM t1, t2 WHERE t1.rowid=140737488355328 AND t2.a=t1.a
  ;
SELECT t2.* FROM t1 JOIN t2 USING(a) WHERE x='0000800000000000'
  ;
SELECT t1.rowid, x FROM t1 JOIN t2 ON t2.r=t1.rowid WHERE t2.a=34
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid > 140737488355328 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid > 140737488355328 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=34
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=34
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=34
     ORDER BY x
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid >= 140737488355328 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid >= 140737488355328 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=34
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=34
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=34
     ORDER BY x
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid < 140737488355328 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid < 140737488355328 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=34
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=34
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=34
     ORDER BY x
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid <= 140737488355328 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid <= 140737488355328 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=34
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=34
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=34
     ORDER BY x
  ;
SELECT t1.* FROM t1, t2 WHERE t1.rowid=2097151 AND t2.a=t1.a
  ;
SELECT t2.* FROM t1 JOIN t2 USING(a) WHERE x='00000000001fffff'
  ;
SELECT t1.rowid, x FROM t1 JOIN t2 ON t2.r=t1.rowid WHERE t2.a=15
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid > 2097151 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid > 2097151 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=15
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=15
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=15
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=15
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=15
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid >= 2097151 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid >= 2097151 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=15
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=15
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=15
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=15
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=15
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid < 2097151 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid < 2097151 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=15
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=15
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=15
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=15
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=15
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid <= 2097151 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid <= 2097151 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=15
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=15
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=15
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=15
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=15
     ORDER BY t1.rowid DESC
  ;
SELECT t1.* FROM t1, t2 WHERE t1.rowid=140737488355327 AND t2.a=t1.a
  ;
SELECT t2.* FROM t1 JOIN t2 USING(a) WHERE x='00007fffffffffff'
  ;
SELECT t1.rowid, x FROM t1 JOIN t2 ON t2.r=t1.rowid WHERE t2.a=25
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid > 140737488355327 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid > 140737488355327 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=25
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=25
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=25
     ORDER BY x
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid >= 140737488355327 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid >= 140737488355327 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=25
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=25
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=25
     ORDER BY x
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid < 140737488355327 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid < 140737488355327 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=25
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=25
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=25
     ORDER BY x
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid <= 140737488355327 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid <= 140737488355327 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=25
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=25
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=25
     ORDER BY x
  ;
SELECT t1.* FROM t1, t2 WHERE t1.rowid=281474976710656 AND t2.a=t1.a
  ;
SELECT t2.* FROM t1 JOIN t2 USING(a) WHERE x='0001000000000000'
  ;
SELECT t1.rowid, x FROM t1 JOIN t2 ON t2.r=t1.rowid WHERE t2.a=26
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid > 281474976710656 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid > 281474976710656 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=26
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=26
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=26
     ORDER BY x
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid >= 281474976710656 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid >= 281474976710656 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=26
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=26
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=26
     ORDER BY x
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid < 281474976710656 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid < 281474976710656 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=26
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=26
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=26
     ORDER BY x
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid <= 281474976710656 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid <= 281474976710656 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=26
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=26
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=26
     ORDER BY x
  ;
SELECT t1.* FROM t1, t2 WHERE t1.rowid=32767 AND t2.a=t1.a
  ;
SELECT t2.* FROM t1 JOIN t2 USING(a) WHERE x='0000000000007fff'
  ;
SELECT t1.rowid, x FROM t1 JOIN t2 ON t2.r=t1.rowid WHERE t2.a=23
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid > 32767 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid > 32767 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=23
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=23
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=23
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=23
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=23
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid >= 32767 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid >= 32767 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=23
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=23
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=23
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=23
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=23
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid < 32767 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid < 32767 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=23
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=23
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=23
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=23
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=23
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid <= 32767 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid <= 32767 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=23
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=23
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=23
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=23
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=23
     ORDER BY t1.rowid DESC
  ;
SELECT t1.* FROM t1, t2 WHERE t1.rowid=127 AND t2.a=t1.a
  ;
SELECT t2.* FROM t1 JOIN t2 USING(a) WHERE x='000000000000007f'
  ;
SELECT t1.rowid, x FROM t1 JOIN t2 ON t2.r=t1.rowid WHERE t2.a=4
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid > 127 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid > 127 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=4
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=4
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=4
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=4
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=4
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid >= 127 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid >= 127 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=4
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=4
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=4
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=4
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=4
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid < 127 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid < 127 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=4
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=4
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=4
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=4
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=4
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid <= 127 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid <= 127 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=4
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=4
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=4
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=4
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=4
     ORDER BY t1.rowid DESC
  ;
SELECT t1.* FROM t1, t2 WHERE t1.rowid=36028797018963967 AND t2.a=t1.a
  ;
SELECT t2.* FROM t1 JOIN t2 USING(a) WHERE x='007fffffffffffff'
  ;
SELECT t1.rowid, x FROM t1 JOIN t2 ON t2.r=t1.rowid WHERE t2.a=27
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid > 36028797018963967 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid > 36028797018963967 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=27
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=27
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=27
     ORDER BY x
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid >= 36028797018963967 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid >= 36028797018963967 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=27
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=27
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=27
     ORDER BY x
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid < 36028797018963967 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid < 36028797018963967 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=27
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=27
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=27
     ORDER BY x
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid <= 36028797018963967 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid <= 36028797018963967 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=27
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=27
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=27
     ORDER BY x
  ;
SELECT t1.* FROM t1, t2 WHERE t1.rowid=4398046511104 AND t2.a=t1.a
  ;
SELECT t2.* FROM t1 JOIN t2 USING(a) WHERE x='0000040000000000'
  ;
SELECT t1.rowid, x FROM t1 JOIN t2 ON t2.r=t1.rowid WHERE t2.a=56
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid > 4398046511104 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid > 4398046511104 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=56
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=56
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=56
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=56
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=56
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid >= 4398046511104 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid >= 4398046511104 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=56
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=56
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=56
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=56
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=56
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid < 4398046511104 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid < 4398046511104 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=56
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=56
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=56
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=56
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=56
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid <= 4398046511104 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid <= 4398046511104 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=56
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=56
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=56
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=56
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=56
     ORDER BY t1.rowid DESC
  ;
SELECT t1.* FROM t1, t2 WHERE t1.rowid=1 AND t2.a=t1.a
  ;
SELECT t2.* FROM t1 JOIN t2 USING(a) WHERE x='0000000000000001'
  ;
SELECT t1.rowid, x FROM t1 JOIN t2 ON t2.r=t1.rowid WHERE t2.a=60
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid > 1 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid > 1 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=60
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=60
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=60
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=60
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=60
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid >= 1 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid >= 1 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=60
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=60
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=60
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=60
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=60
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid < 1 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid < 1 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=60
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=60
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=60
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=60
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=60
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid <= 1 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid <= 1 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=60
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=60
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=60
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=60
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=60
     ORDER BY t1.rowid DESC
  ;
SELECT t1.* FROM t1, t2 WHERE t1.rowid=36028797018963968 AND t2.a=t1.a
  ;
SELECT t2.* FROM t1 JOIN t2 USING(a) WHERE x='0080000000000000'
  ;
SELECT t1.rowid, x FROM t1 JOIN t2 ON t2.r=t1.rowid WHERE t2.a=45
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid > 36028797018963968 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid > 36028797018963968 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=45
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=45
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=45
     ORDER BY x
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid >= 36028797018963968 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid >= 36028797018963968 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=45
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=45
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=45
     ORDER BY x
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid < 36028797018963968 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid < 36028797018963968 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=45
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=45
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=45
     ORDER BY x
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid <= 36028797018963968 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid <= 36028797018963968 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=45
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=45
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=45
     ORDER BY x
  ;
SELECT t1.* FROM t1, t2 WHERE t1.rowid=-2147483649 AND t2.a=t1.a
  ;
SELECT t2.* FROM t1 JOIN t2 USING(a) WHERE x='ffffffff7fffffff'
  ;
SELECT t1.rowid, x FROM t1 JOIN t2 ON t2.r=t1.rowid WHERE t2.a=47
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid > -2147483649 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid > -2147483649 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=47
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=47
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=47
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=47
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=47
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid >= -2147483649 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid >= -2147483649 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=47
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=47
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=47
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=47
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=47
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid < -2147483649 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid < -2147483649 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=47
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=47
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=47
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=47
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=47
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid <= -2147483649 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid <= -2147483649 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=47
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=47
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=47
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=47
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=47
     ORDER BY t1.rowid DESC
  ;
SELECT t1.* FROM t1, t2 WHERE t1.rowid=-36028797018963969 AND t2.a=t1.a
  ;
SELECT t2.* FROM t1 JOIN t2 USING(a) WHERE x='ff7fffffffffffff'
  ;
SELECT t1.rowid, x FROM t1 JOIN t2 ON t2.r=t1.rowid WHERE t2.a=2
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid > -36028797018963969 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid > -36028797018963969 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=2
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=2
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=2
     ORDER BY x
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid >= -36028797018963969 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid >= -36028797018963969 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=2
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=2
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=2
     ORDER BY x
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid < -36028797018963969 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid < -36028797018963969 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=2
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=2
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=2
     ORDER BY x
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid <= -36028797018963969 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid <= -36028797018963969 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=2
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=2
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=2
     ORDER BY x
  ;
SELECT t1.* FROM t1, t2 WHERE t1.rowid=3 AND t2.a=t1.a
  ;
SELECT t2.* FROM t1 JOIN t2 USING(a) WHERE x='0000000000000003'
  ;
SELECT t1.rowid, x FROM t1 JOIN t2 ON t2.r=t1.rowid WHERE t2.a=5
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid > 3 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid > 3 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=5
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=5
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=5
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=5
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > CAST(t2.r AS real)
     WHERE t2.a=5
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid >= 3 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid >= 3 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=5
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=5
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=5
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=5
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= CAST(t2.r AS real)
     WHERE t2.a=5
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid < 3 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid < 3 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=5
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=5
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=5
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=5
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < CAST(t2.r AS real)
     WHERE t2.a=5
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid <= 3 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid <= 3 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=5
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=5
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=5
     ORDER BY x
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=5
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= CAST(t2.r AS real)
     WHERE t2.a=5
     ORDER BY t1.rowid DESC
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid > 9.22337303685477580800e+18 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid > 9.22337303685477580800e+18 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=65
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=65
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=65
     ORDER BY x
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid >= 9.22337303685477580800e+18 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid >= 9.22337303685477580800e+18 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=65
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=65
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=65
     ORDER BY x
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid < 9.22337303685477580800e+18 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid < 9.22337303685477580800e+18 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=65
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=65
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=65
     ORDER BY x
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid <= 9.22337303685477580800e+18 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid <= 9.22337303685477580800e+18 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=65
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=65
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=65
     ORDER BY x
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid > -9.22337303685477580800e+18 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid > -9.22337303685477580800e+18 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=66
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=66
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid > t2.r
     WHERE t2.a=66
     ORDER BY x
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid >= -9.22337303685477580800e+18 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid >= -9.22337303685477580800e+18 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=66
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=66
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid >= t2.r
     WHERE t2.a=66
     ORDER BY x
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid < -9.22337303685477580800e+18 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid < -9.22337303685477580800e+18 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=66
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=66
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid < t2.r
     WHERE t2.a=66
     ORDER BY x
  ;
SELECT t2.a FROM t1 JOIN t2 USING(a)
     WHERE t1.rowid <= -9.22337303685477580800e+18 ORDER BY t2.a
  ;
SELECT t2.a FROM t2 NATURAL JOIN t1
     WHERE t1.rowid <= -9.22337303685477580800e+18 ORDER BY t1.a DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=66
     ORDER BY t1.rowid
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=66
     ORDER BY t1.rowid DESC
  ;
SELECT t1.a FROM t1 JOIN t2 ON t1.rowid <= t2.r
     WHERE t2.a=66
     ORDER BY x
  ;
